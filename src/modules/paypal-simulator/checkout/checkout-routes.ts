import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAYPAL_SIMULATOR_ROOT as root } from '../../../contracts/paypal-simulator.js';
import { CROSS_SITE_ALLOWED } from '../../../platform/http/cross-site.js';
import type { CheckoutSimulator, Scenario } from './checkout-simulator.js';
import {
  approvalPage,
  notFoundPage,
  RESULT_SCRIPT,
  resultPage,
  SDK_SCRIPT,
} from './checkout-pages.js';

const post = { config: CROSS_SITE_ALLOWED };
type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * PayPal Checkout's side of the simulator, in `scope` (whose bodies arrive as bytes): the REST calls of
 * the Orders v2 adapter, the approval page, and the stand-in for PayPal's JavaScript SDK.
 */
export function registerCheckoutRoutes(scope: FastifyInstance, simulator: CheckoutSimulator): void {
  const api =
    (handler: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) =>
      simulator.authorized(request)
        ? handler(request, reply)
        : reply.code(401).send({
            error: 'invalid_token',
            error_description: 'Token signature verification failed',
          });

  scope.post(`${root}/v1/oauth2/token`, post, (request, reply) => simulator.token(request, reply));
  scope.post(
    `${root}/v2/checkout/orders`,
    post,
    api((request, reply) => simulator.createOrder(request, reply)),
  );
  scope.get(
    `${root}/v2/checkout/orders/:id`,
    api((request, reply) => simulator.getOrder((request as IdRequest).params.id, reply)),
  );
  scope.post(
    `${root}/v2/checkout/orders/:id/capture`,
    post,
    api((request, reply) =>
      simulator.captureOrder((request as IdRequest).params.id, request, reply),
    ),
  );
  scope.post(
    `${root}/v2/payments/captures/:id/refund`,
    post,
    api((request, reply) =>
      simulator.refundCapture((request as IdRequest).params.id, request, reply),
    ),
  );
  scope.post(
    `${root}/v1/notifications/verify-webhook-signature`,
    post,
    api((request, reply) => simulator.verifySignature(request, reply)),
  );

  scope.get(`${root}/checkoutnow`, async (request, reply) => {
    const token = String((request.query as { token?: unknown }).token ?? '');
    const order = await simulator.find(token.slice(0, 32));
    return reply
      .code(order ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(order ? approvalPage(simulator.present(order)) : notFoundPage());
  });
  scope.post(`${root}/checkoutnow`, post, async (request, reply) => {
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
  });
  const script = (source: string) => (_: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(source);
  scope.get(`${root}/sdk/js`, script(SDK_SCRIPT));
  scope.get(`${root}/checkout/result.js`, script(RESULT_SCRIPT));
}
