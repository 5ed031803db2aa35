import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { isUuid } from '../../../contracts/ids.js';
import { PAYPAL_IPN_PATH } from '../../../contracts/payments.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { CROSS_SITE_ALLOWED } from '../../../platform/http/cross-site.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { PaymentNotificationReceived } from '../domain/payments.events.js';

/** PayPal's notifications are small; anything bigger is not one. */
const MAX_FORM_BYTES = 64 * 1024;
const FORM = 'application/x-www-form-urlencoded';

/**
 * POST /api/payments/paypal/ipn, the route PayPal (or its simulator) posts IPN messages to, served by
 * Fastify directly in a scope of its own, where the form-encoded body is kept as the exact bytes
 * received: stores the message first, answers an empty 200 at once, and has the worker verify it
 * (PaymentNotificationReceived through the outbox: never lost). Public and exempt from the cross-site
 * check (PayPal posts to it on purpose).
 */
@Injectable()
export class PaypalIpnRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // the worker role serves no HTTP
    // Not awaited: the scope loads when Fastify starts, after Nest has installed the API's error
    // handler, which the scope (and every route registered after this call) then inherits.
    void fastify.register(async (scope) => {
      scope.addContentTypeParser(
        FORM,
        { parseAs: 'buffer', bodyLimit: MAX_FORM_BYTES },
        (_, body, done) => done(null, body),
      );
      scope.post(PAYPAL_IPN_PATH, { config: CROSS_SITE_ALLOWED }, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (raw.length === 0)
          return reply.code(400).send({
            statusCode: 400,
            error: 'Bad Request',
            message: 'An IPN message is form-encoded and not empty',
          });
        await this.receive(raw);
        return reply.code(200).header('cache-control', 'no-store').send();
      });
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
