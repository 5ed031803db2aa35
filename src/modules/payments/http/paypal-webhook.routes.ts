import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { PAYPAL_WEBHOOK_PATH } from '../../../contracts/payments.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { ReceivePaymentNotificationCommand } from '../commands/receive-payment-notification/receive-payment-notification.command.js';

/** PayPal's webhook events are small; anything bigger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * POST /api/payments/paypal/webhook (PayPal Checkout): stores the event byte for byte with its PAYPAL-*
 * headers first (ReceivePaymentNotification), answers an empty 200 at once, and the worker verifies
 * its signature with PayPal (a job through the outbox: never lost). An event PayPal sends again (same event id)
 * is stored once and verified once. Public and exempt from the cross-site check: PayPal posts it.
 */
@Injectable()
export class PaypalWebhookRoutes extends RawRouteSet {
  constructor(private readonly commandBus: CommandBus) {
    super();
  }

  routes() {
    return [this.route()];
  }

  private route() {
    return rawRoute({
      method: 'POST',
      path: PAYPAL_WEBHOOK_PATH,
      access: 'public',
      crossSite: { reason: 'PayPal posts webhook events from its servers' },
      body: { mode: 'raw', types: ['application/json'], limit: MAX_EVENT_BYTES },
      docs: {
        operationId: 'paypalWebhook',
        tags: ['payments'],
        summary:
          'PayPal Checkout: a webhook event with its PAYPAL-* headers, stored, its signature verified in the worker',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'object', additionalProperties: true } },
          },
        },
        responses: {
          200: 'Stored; verified with PayPal by the worker (an empty body)',
          400: 'Not a PayPal message',
          413: 'Larger than any PayPal message',
        },
      },
      handler: async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const received = await this.commandBus.execute(
          new ReceivePaymentNotificationCommand('webhook', raw, paypalHeaders(request)),
        );
        if (!received.stored) {
          return reply
            .code(400)
            .send({ statusCode: 400, error: 'Bad Request', message: received.reason });
        }
        return reply.code(200).header('cache-control', 'no-store').send();
      },
    });
  }
}

/** The PAYPAL-* headers PayPal signs the event with (transmission id, time, signature, cert, algo). */
function paypalHeaders(request: FastifyRequest): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!name.startsWith('paypal-') || typeof value !== 'string') continue;
    kept[name] = toStorableText(value.slice(0, 2048));
  }
  return kept;
}
