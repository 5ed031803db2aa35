import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { isUuid } from '../../../contracts/ids.js';
import { PAYPAL_IPN_PATH } from '../../../contracts/payments.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { PaymentNotificationReceived } from '../domain/payments.events.js';

/** PayPal's notifications are small; anything bigger is not one. */
const MAX_FORM_BYTES = 64 * 1024;
const FORM = 'application/x-www-form-urlencoded';

/**
 * POST /api/payments/paypal/ipn, the route PayPal (or its simulator) posts IPN messages to, a raw
 * route whose form-encoded body is kept as the exact bytes received: stores the message first,
 * answers an empty 200 at once, and has the worker verify it (PaymentNotificationReceived through the
 * outbox: never lost). Public and exempt from the cross-site check (PayPal posts to it on purpose).
 */
@Injectable()
export class PaypalIpnRegistrar extends RawRouteSet {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {
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
        if (raw.length === 0)
          return reply.code(400).send({
            statusCode: 400,
            error: 'Bad Request',
            message: 'An IPN message is form-encoded and not empty',
          });
        await this.receive(raw);
        return reply.code(200).header('cache-control', 'no-store').send();
      },
    });
  }

  /** Stores the message byte for byte with the fields the admin screens list, then the event. */
  private async receive(raw: Buffer): Promise<void> {
    const fields = new URLSearchParams(raw.toString('latin1'));
    const custom = fields.get('custom') ?? '';
    const em = this.em.fork();
    const id = randomUUID();
    await em.transactional(async (tx) => {
      await tx.execute(
        `insert into payment_notification (id, raw, received_at, order_id, txn_id, payment_status)
         values (?, ?, now(), ?, ?, ?)`,
        [
          id,
          raw,
          isUuid(custom) ? custom : null,
          // Shown to admins; the stored raw bytes stay exactly as received.
          toStorableText((fields.get('txn_id') ?? '').slice(0, 64)) || null,
          toStorableText((fields.get('payment_status') ?? '').slice(0, 64)) || null,
        ],
      );
      await this.outbox.commit(tx, [new PaymentNotificationReceived({ notificationId: id })]);
    });
  }
}
