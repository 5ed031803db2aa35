import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PAYPAL_IPN_PATH } from '../../../contracts/payments.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { ReceivePaymentNotificationCommand } from '../commands/receive-payment-notification/receive-payment-notification.command.js';

/** PayPal's notifications are small; anything bigger is not one. */
const MAX_FORM_BYTES = 64 * 1024;
const FORM = 'application/x-www-form-urlencoded';

/**
 * POST /api/payments/paypal/ipn, the route PayPal (or its simulator) posts IPN messages to, a raw
 * route whose form-encoded body is kept as the exact bytes received: stores the message first
 * (ReceivePaymentNotification), answers an empty 200 at once, and the worker verifies it (a job
 * through the outbox: never lost). Public and exempt from the cross-site check (PayPal posts to it on purpose).
 */
@Injectable()
export class PaypalIpnRoutes extends RawRouteSet {
  constructor(private readonly commandBus: CommandBus) {
    super();
  }

  routes() {
    return [this.route()];
  }

  private route() {
    return rawRoute({
      method: 'POST',
      path: PAYPAL_IPN_PATH,
      access: 'public',
      crossSite: { reason: 'PayPal posts IPN messages from its servers' },
      body: { mode: 'raw', types: [FORM], limit: MAX_FORM_BYTES },
      docs: {
        operationId: 'paypalIpn',
        tags: ['payments'],
        summary: 'Payments Standard: an IPN message, stored byte for byte, verified in the worker',
        requestBody: {
          required: true,
          content: { [FORM]: { schema: { type: 'object', additionalProperties: true } } },
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
          new ReceivePaymentNotificationCommand('ipn', raw),
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
