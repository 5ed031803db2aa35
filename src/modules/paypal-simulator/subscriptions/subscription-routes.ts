import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAYPAL_SIMULATOR_ROOT as root } from '../../../contracts/paypal-simulator.js';
import type { RawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { resultPage } from '../checkout/checkout-pages.js';
import { simulatorRoute, withToken } from '../checkout/checkout-routes.js';
import {
  type Answer,
  type CheckoutSimulator,
  type Json,
  parseJson,
} from '../checkout/checkout-simulator.js';
import {
  DASHBOARD_NOTICES,
  type DashboardNotice,
  fixPaymentPage,
  subscriptionApprovalPage,
  subscriptionNotFoundPage,
  subscriptionsDashboardPage,
} from './subscription-pages.js';
import {
  FIX_PAYMENT_PATH,
  type Simulation,
  SIMULATIONS,
  SUBSCRIPTION_APPROVAL_PATH,
  SUBSCRIPTIONS_DASHBOARD_PATH,
  type SubscriptionSimulator,
} from './subscription-simulator.js';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);

/** A form's fields, or a JSON object's (a script may post either). */
function fields(request: FastifyRequest): Record<string, string> {
  const json = parseJson(request.body);
  if (json) return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, String(v)]));
  const text = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
  return Object.fromEntries(new URLSearchParams(text));
}

const wantsJson = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('application/json');

/**
 * PayPal Subscriptions in the simulator: the Catalog Products and Subscriptions APIs (a Bearer token
 * from its OAuth call; PayPal-Request-Id makes a POST's answer repeatable), the buyer's approval page
 * (`ba_token`, as PayPal's approve link) and fix-payment page, and the testers' dashboard whose
 * controls make PayPal bill, fail, suspend or cancel a subscription.
 */
export function subscriptionRoutes(
  subscriptions: SubscriptionSimulator,
  checkout: CheckoutSimulator,
): RawRoute[] {
  const id = (request: FastifyRequest) => (request as IdRequest).params.id;
  /** A read: the answer as is. */
  const read = (call: (request: FastifyRequest) => Promise<Answer>) =>
    withToken(checkout, async (request, reply) => {
      const [status, body] = await call(request);
      return reply.code(status).send(body);
    });
  /** A write: once per PayPal-Request-Id. */
  const write = (call: (request: FastifyRequest, body: Json | null) => Promise<Answer>) =>
    withToken(checkout, (request, reply) =>
      checkout.idempotent(request, reply, () => call(request, parseJson(request.body))),
    );

  return [
    simulatorRoute(
      'POST',
      `${root}/v1/catalogs/products`,
      write((_, body) => subscriptions.createProduct(body)),
    ),
    simulatorRoute(
      'GET',
      `${root}/v1/catalogs/products/:id`,
      read((request) => subscriptions.getProduct(id(request))),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/billing/plans`,
      write((_, body) => subscriptions.createPlan(body)),
    ),
    simulatorRoute(
      'GET',
      `${root}/v1/billing/plans/:id`,
      read((request) => subscriptions.getPlan(id(request))),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/billing/subscriptions`,
      write((_, body) => subscriptions.createSubscription(body)),
    ),
    simulatorRoute(
      'GET',
      `${root}/v1/billing/subscriptions/:id`,
      read((request) => subscriptions.getSubscription(id(request))),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/billing/subscriptions/:id/suspend`,
      write((request, body) => subscriptions.suspend(id(request), body)),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/billing/subscriptions/:id/activate`,
      write((request, body) => subscriptions.activate(id(request), body)),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/billing/subscriptions/:id/cancel`,
      write((request, body) => subscriptions.cancel(id(request), body)),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/billing/subscriptions/:id/revise`,
      write((request, body) => subscriptions.revise(id(request), body)),
    ),
    simulatorRoute(
      'GET',
      `${root}/v1/billing/subscriptions/:id/transactions`,
      read((request) => subscriptions.transactions(id(request), request.query)),
    ),

    simulatorRoute('GET', SUBSCRIPTION_APPROVAL_PATH, async (request, reply) => {
      const token = String((request.query as { ba_token?: unknown }).ba_token ?? '');
      const row = await subscriptions.find(token);
      if (!row) return html(reply, 404, subscriptionNotFoundPage());
      return html(
        reply,
        200,
        subscriptionApprovalPage(subscriptions.present(row), await subscriptions.planOf(row)),
      );
    }),
    simulatorRoute('POST', SUBSCRIPTION_APPROVAL_PATH, (request, reply) =>
      approve(subscriptions, checkout, request, reply),
    ),

    simulatorRoute('GET', SUBSCRIPTIONS_DASHBOARD_PATH, async (request, reply) => {
      const done = (request.query as { done?: unknown }).done;
      const notice =
        typeof done === 'string' && done in DASHBOARD_NOTICES ? (done as DashboardNotice) : null;
      const rows = await subscriptions.list();
      return html(
        reply,
        200,
        subscriptionsDashboardPage(
          rows.map((row) => ({
            subscription: subscriptions.present(row),
            price: row.price,
            currency: row.currency,
          })),
          notice,
        ),
      );
    }),
    simulatorRoute(
      'POST',
      `${SUBSCRIPTIONS_DASHBOARD_PATH}/:id/simulate`,
      async (request, reply) => {
        const action = fields(request).action;
        if (!SIMULATIONS.includes(action as Simulation)) {
          return reply.code(400).send({
            name: 'INVALID_REQUEST',
            message: 'Request is not well-formed.',
            details: [
              {
                field: 'action',
                issue: 'INVALID_PARAMETER_VALUE',
                description: `one of ${SIMULATIONS.join(', ')}`,
              },
            ],
          });
        }
        const [status, body] = await subscriptions.simulate(id(request), action as Simulation);
        const shown =
          status < 300 && (action === 'suspend' || action === 'cancel')
            ? await subscriptions.getSubscription(id(request))
            : ([status, body] as Answer);
        if (wantsJson(request)) return reply.code(shown[0]).send(shown[1]);
        if (status === 404) return html(reply, 404, subscriptionNotFoundPage());
        const done: DashboardNotice = status < 300 ? (action as Simulation) : 'refused';
        return reply.redirect(`${SUBSCRIPTIONS_DASHBOARD_PATH}?done=${done}`, 303);
      },
    ),

    simulatorRoute('GET', `${FIX_PAYMENT_PATH}/:id`, async (request, reply) => {
      const row = await subscriptions.find(id(request));
      if (!row) return html(reply, 404, subscriptionNotFoundPage());
      return html(
        reply,
        200,
        fixPaymentPage(subscriptions.present(row), await subscriptions.planOf(row)),
      );
    }),
    simulatorRoute('POST', `${FIX_PAYMENT_PATH}/:id`, async (request, reply) => {
      const [status, body] = await subscriptions.fixPayment(id(request));
      if (wantsJson(request)) return reply.code(status).send(body);
      const row = await subscriptions.find(id(request));
      if (!row) return html(reply, 404, subscriptionNotFoundPage());
      return html(
        reply,
        status < 300 ? 200 : 422,
        fixPaymentPage(
          subscriptions.present(row),
          await subscriptions.planOf(row),
          status < 300
            ? 'Payment method updated: what was owed is paid.'
            : 'Not done: this subscription is closed.',
        ),
      );
    }),
  ];
}

/**
 * The buyer's choice on the approval page: Subscribe (ACTIVE, first month charged) or Cancel (it stays
 * waiting for approval, as at PayPal); the result page tells the shop's page that opened it.
 */
async function approve(
  subscriptions: SubscriptionSimulator,
  checkout: CheckoutSimulator,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const form = fields(request);
  const row = await subscriptions.find(form.ba_token ?? '');
  if (!row) return html(reply, 404, subscriptionNotFoundPage());
  const context = (row.body.application_context ?? {}) as Json;
  // The shop's return and cancel pages, or (without them) those of its order, as for Checkout.
  const orderId = typeof row.body.custom_id === 'string' ? row.body.custom_id : '';
  const back = (url: unknown, fallback: string) =>
    typeof url === 'string' ? url : checkout.shopUrl(orderId ? `${fallback}/${orderId}` : '/');
  if (form.action === 'cancel') {
    return html(
      reply,
      200,
      resultPage(row.id, 'cancelled', back(context.cancel_url, '/pay-now'), 'Subscription'),
    );
  }
  const [status] = await subscriptions.approve(row.id);
  if (status >= 300) {
    return html(
      reply,
      422,
      subscriptionApprovalPage(subscriptions.present(row), await subscriptions.planOf(row)),
    );
  }
  return html(
    reply,
    200,
    resultPage(row.id, 'approved', back(context.return_url, '/received-payment'), 'Subscription'),
  );
}
