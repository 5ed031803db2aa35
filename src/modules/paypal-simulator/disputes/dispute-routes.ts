import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAYPAL_SIMULATOR_ROOT as root } from '../../../contracts/paypal-simulator.js';
import type { RawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { simulatorRoute } from '../checkout/checkout-routes.js';
import { type CheckoutSimulator, invalidRequest } from '../checkout/checkout-simulator.js';
import {
  adjudicateSchema,
  type DisputeAnswer,
  type DisputeSimulator,
  openDisputeSchema,
} from './dispute-simulator.js';
import {
  NOTICES,
  type Notice,
  RESOLUTION_CENTRE_PATH,
  resolutionCentrePage,
} from './resolution-centre-page.js';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** The page's forms: one action each. */
const pageActionSchema = z.discriminatedUnion('action', [
  openDisputeSchema.extend({ action: z.literal('open') }),
  z.strictObject({ action: z.literal('escalate'), dispute_id: z.string().max(32) }),
  z.strictObject({
    action: z.literal('resolve'),
    dispute_id: z.string().max(32),
    outcome: adjudicateSchema.shape.adjudication_outcome,
  }),
]);

const text = (body: unknown) => (Buffer.isBuffer(body) ? body.toString('utf8') : '');

function json(body: unknown): unknown {
  try {
    return JSON.parse(text(body) || 'null');
  } catch {
    return undefined;
  }
}

/**
 * Disputes in the simulator (`scope` receives bodies as bytes): PayPal's Disputes API calls the shop
 * may make (show a dispute; escalate; the sandbox's adjudicate), the simulator's own call that opens
 * one as a buyer would (PayPal's API has none), each with a Bearer token from its OAuth call, and the
 * Resolution Center page whose buttons do the same.
 */
export function disputeRoutes(disputes: DisputeSimulator, checkout: CheckoutSimulator): RawRoute[] {
  const send = (reply: FastifyReply, [status, body]: DisputeAnswer) =>
    reply.code(status).send(body);
  const api =
    (handler: (request: FastifyRequest) => Promise<DisputeAnswer>) =>
    async (request: FastifyRequest, reply: FastifyReply) =>
      checkout.authorized(request)
        ? send(reply, await handler(request))
        : reply.code(401).send({
            error: 'invalid_token',
            error_description: 'Token signature verification failed',
          });

  return [
    simulatorRoute(
      'GET',
      `${root}/v1/customer/disputes/:id`,
      api((request) => disputes.show((request as IdRequest).params.id)),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/customer/disputes`,
      api(async (request) => {
        const input = openDisputeSchema.safeParse(json(request.body));
        return input.success ? disputes.open(input.data) : invalidRequest(input.error);
      }),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/customer/disputes/:id/escalate`,
      api((request) => disputes.escalate((request as IdRequest).params.id)),
    ),
    simulatorRoute(
      'POST',
      `${root}/v1/customer/disputes/:id/adjudicate`,
      api(async (request) => {
        const input = adjudicateSchema.safeParse(json(request.body));
        return input.success
          ? disputes.adjudicate((request as IdRequest).params.id, input.data.adjudication_outcome)
          : invalidRequest(input.error);
      }),
    ),
    simulatorRoute('GET', RESOLUTION_CENTRE_PATH, async (request, reply) => {
      const done = (request.query as { done?: unknown }).done;
      const notice = typeof done === 'string' && done in NOTICES ? (done as Notice) : null;
      const [rows, payments] = await Promise.all([disputes.disputes(), disputes.payments()]);
      const shown = rows.map((row) => ({ row, shown: disputes.present(row) }));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(resolutionCentrePage(shown, payments, notice));
    }),
    simulatorRoute('POST', RESOLUTION_CENTRE_PATH, async (request, reply) => {
      const form = pageActionSchema.safeParse(
        Object.fromEntries(new URLSearchParams(text(request.body))),
      );
      if (!form.success) {
        const [status, body] = invalidRequest(form.error);
        return reply.code(status).send(body);
      }
      const action = form.data;
      const [status] =
        action.action === 'open'
          ? await disputes.open(action)
          : action.action === 'escalate'
            ? await disputes.escalate(action.dispute_id)
            : await disputes.adjudicate(action.dispute_id, action.outcome);
      const done: Notice =
        status >= 300
          ? 'refused'
          : action.action === 'open'
            ? 'opened'
            : action.action === 'escalate'
              ? 'escalated'
              : 'resolved';
      return reply.redirect(`${RESOLUTION_CENTRE_PATH}?done=${done}`, 303);
    }),
  ];
}
