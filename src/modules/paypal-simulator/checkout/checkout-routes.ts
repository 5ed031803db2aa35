import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAYPAL_SIMULATOR_ROOT as root } from '../../../contracts/paypal-simulator.js';
import { type RawRoute, rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import type { CheckoutSimulator, Scenario } from './checkout-simulator.js';
import {
  approvalPage as approvalPageHtml,
  notFoundPage,
  RESULT_SCRIPT,
  resultPage,
  SDK_SCRIPT,
} from './checkout-pages.js';

/** PayPal's requests and forms are small; anything bigger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * A route of the stand-in for PayPal: public and, when it takes posts, exempt from the cross-site
 * check as PayPal's are; JSON and form bodies arrive as the bytes sent (PayPal signs and hashes
 * bytes). Not in the API's document: it is PayPal's API, not the shop's.
 */
export function simulatorRoute(method: 'GET' | 'POST', path: string, handler: Handler): RawRoute {
  return rawRoute({
    method,
    path,
    access: 'public',
    ...(method === 'POST'
      ? {
          crossSite: { reason: 'PayPal’s stand-in: the shop and browsers post to it as to PayPal' },
        }
      : {}),
    body: {
      mode: 'raw',
      types: ['application/json', 'application/x-www-form-urlencoded'],
      limit: MAX_BODY_BYTES,
    },
    docs: { undocumented: 'PayPal’s API as the simulator stands in for it, not the shop’s' },
    handler,
  });
}

/** A REST call of the simulator's APIs: only with a Bearer token from its OAuth call (else PayPal's 401). */
export function withToken(simulator: CheckoutSimulator, handler: Handler): Handler {
  return (request, reply) =>
    simulator.authorized(request)
      ? handler(request, reply)
      : reply.code(401).send({
          error: 'invalid_token',
          error_description: 'Token signature verification failed',
        });
}

/**
 * PayPal Checkout's side of the simulator: the REST calls of the Orders v2 adapter, the approval
 * page, and the stand-in for PayPal's JavaScript SDK.
 */
export function checkoutRoutes(simulator: CheckoutSimulator): RawRoute[] {
  const api = (handler: Handler) => withToken(simulator, handler);
  const script = (source: string) => (_: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(source);

  return [
    simulatorRoute('POST', `${root}/v1/oauth2/token`, (request, reply) =>
      simulator.token(request, reply),
    ),
    simulatorRoute(
      'POST',
      `${root}/v2/checkout/orders`,
      api((request, reply) => simulator.createOrder(request, reply)),
    ),
    simulatorRoute(
      'GET',
      `${root}/v2/checkout/orders/:id`,
      api((request, reply) => simulator.getOrder((request as IdRequest).params.id, reply)),
    ),
    simulatorRoute(
      'POST',
      `${root}/v2/checkout/orders/:id/capture`,
      api((request, reply) =>
        simulator.captureOrder((request as IdRequest).params.id, request, reply),
      ),
    ),
    simulatorRoute(
      'POST',
      `${root}/v2/payments/captures/:id/refund`,
      api((request, reply) =>
        simulator.refundCapture((request as IdRequest).params.id, request, reply),
      ),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/notifications/verify-webhook-signature`,
      api((request, reply) => simulator.verifySignature(request, reply)),
    ),
    simulatorRoute('GET', `${root}/checkoutnow`, (request, reply) =>
      approvalPage(simulator, request, reply),
    ),
    simulatorRoute('POST', `${root}/checkoutnow`, (request, reply) =>
      approve(simulator, request, reply),
    ),
    simulatorRoute('GET', `${root}/sdk/js`, script(SDK_SCRIPT)),
    simulatorRoute('GET', `${root}/checkout/result.js`, script(RESULT_SCRIPT)),
  ];
}

/** The approval page of a created order, as PayPal shows it to the buyer. */
async function approvalPage(
  simulator: CheckoutSimulator,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const token = String((request.query as { token?: unknown }).token ?? '');
  const order = await simulator.find(token.slice(0, 32));
  return reply
    .code(order ? 200 : 404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(order ? approvalPageHtml(simulator.present(order)) : notFoundPage());
}

/** The buyer's choice on the approval page: approve (with a scenario), decline or cancel. */
async function approve(simulator: CheckoutSimulator, request: FastifyRequest, reply: FastifyReply) {
  const form = new URLSearchParams(
    Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '',
  );
  const token = (form.get('token') ?? '').slice(0, 32);
  const order = await simulator.find(token);
  if (!order) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
  const unit = (order.body.purchase_units as { custom_id?: string }[])[0];
  const action = form.get('action');
  if (action === 'cancel') {
    const cancelUrl = simulator.shopUrl(`/pay-now/${unit?.custom_id ?? ''}`);
    return reply.type('text/html; charset=utf-8').send(resultPage(token, 'cancelled', cancelUrl));
  }
  const scenario: Scenario = {
    outcome:
      action === 'decline'
        ? 'DECLINED'
        : form.get('outcome') === 'PENDING'
          ? 'PENDING'
          : 'COMPLETED',
    ...(/^\d{1,10}(\.\d{1,2})?$/.test(form.get('amount') ?? '')
      ? { amount: form.get('amount')! }
      : {}),
  };
  await simulator.approve(token, scenario);
  const returnUrl = simulator.shopUrl(`/received-payment/${unit?.custom_id ?? ''}`);
  return reply.type('text/html; charset=utf-8').send(resultPage(token, 'approved', returnUrl));
}
