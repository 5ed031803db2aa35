import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { PAYPAL_IPN_PATH, PAYPAL_WEBHOOK_PATH } from '../../../contracts/payments.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { ReceivePaymentNotificationCommand } from '../commands/receive-payment-notification/receive-payment-notification.command.js';
import type { NotificationChannel } from '../domain/payment-notification.entity.js';

/** How PayPal posts to one listener: its body (kept as the exact bytes sent: PayPal signs bytes). */
interface Listener {
  channel: NotificationChannel;
  path: string;
  type: 'application/x-www-form-urlencoded' | 'application/json';
  /** PayPal's messages are small; anything bigger is not one. */
  limit: number;
  operationId: string;
  summary: string;
  /** What the channel keeps of the request besides its body. */
  headers?: (request: FastifyRequest) => Record<string, string>;
}

const LISTENERS: readonly Listener[] = [
  {
    channel: 'ipn',
    path: PAYPAL_IPN_PATH,
    type: 'application/x-www-form-urlencoded',
    limit: 64 * 1024,
    operationId: 'paypalIpn',
    summary: 'Payments Standard: an IPN message, stored byte for byte, verified in the worker',
  },
  {
    channel: 'webhook',
    path: PAYPAL_WEBHOOK_PATH,
    type: 'application/json',
    limit: 256 * 1024,
    operationId: 'paypalWebhook',
    summary:
      'PayPal Checkout: a webhook event with its PAYPAL-* headers, stored, its signature verified in the worker',
    headers: paypalHeaders,
  },
];

/**
 * The routes PayPal (or its simulator) posts to: POST /api/payments/paypal/ipn (Payments Standard's
 * IPN messages) and /api/payments/paypal/webhook (PayPal Checkout's webhook events). Each stores the
 * message byte for byte first (ReceivePaymentNotification; a webhook event PayPal sends again, same
 * event id, is stored once), answers an empty 200 at once, and the worker verifies it with PayPal (a
 * job through the outbox: never lost). Public and exempt from the cross-site check: PayPal posts them.
 */
@Injectable()
export class PaypalListenerRoutes extends RawRouteSet {
  constructor(private readonly commandBus: CommandBus) {
    super();
  }

  routes() {
    return LISTENERS.map((listener) => this.route(listener));
  }

  private route({ channel, path, type, limit, operationId, summary, headers }: Listener) {
    return rawRoute({
      method: 'POST',
      path,
      access: 'public',
      crossSite: {
        reason: `PayPal posts ${channel === 'ipn' ? 'IPN messages' : 'webhook events'} from its servers`,
      },
      body: { mode: 'raw', types: [type], limit },
      docs: {
        operationId,
        tags: ['payments'],
        summary,
        requestBody: {
          required: true,
          content: { [type]: { schema: { type: 'object', additionalProperties: true } } },
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
          new ReceivePaymentNotificationCommand(channel, raw, headers?.(request)),
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
