import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isUuid } from '../../../contracts/ids.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { CROSS_SITE_ALLOWED } from '../../../platform/http/cross-site.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { PaymentNotificationReceived } from '../domain/payments.events.js';
import { IPN_PATH, SIMULATOR_PATH } from '../domain/paypal.js';
import { simulatorPage } from './simulator-page.js';

/** PayPal's notifications are small; anything bigger is not one. */
const MAX_FORM_BYTES = 64 * 1024;
const FORM = 'application/x-www-form-urlencoded';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The routes PayPal (or its simulator) posts form-encoded bodies to, served by Fastify directly in a
 * scope of their own, where the body is kept as the exact bytes received:
 * - POST /api/payments/paypal/ipn: stores the message first, answers an empty 200 at once, and has the
 *   worker verify it (PaymentNotificationReceived through the outbox: never lost);
 * - with PAYPAL_MODE=simulator only, POST /paypal-simulator/cgi-bin/webscr: a stand-in for PayPal.
 * Both are public and exempt from the cross-site check (other sites post to them on purpose).
 */
@Injectable()
export class PaypalHttpRegistrar implements OnModuleInit {
  private readonly logger = new Logger(PaypalHttpRegistrar.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
      scope.post(IPN_PATH, { config: CROSS_SITE_ALLOWED }, async (request, reply) => {
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
      if (this.config.PAYPAL_MODE === 'simulator') {
        if (this.config.NODE_ENV === 'production') {
          this.logger.warn(
            'PAYPAL_MODE=simulator in production: the built-in PayPal stand-in takes no real money and anyone can use it to mark an order paid. Set PAYPAL_MODE=live to take payments.',
          );
        }
        scope.post(SIMULATOR_PATH, { config: CROSS_SITE_ALLOWED }, async (request, reply) =>
          this.simulate(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), reply),
        );
      }
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

  /** The simulator: the checkout page, Pay (a real IPN, then back to `return`), and verification. */
  private async simulate(raw: Buffer, reply: FastifyReply): Promise<FastifyReply> {
    const fields = new URLSearchParams(raw.toString('utf8'));
    const cmd = fields.get('cmd');
    if (cmd === '_notify-validate') {
      const message = raw.subarray(raw.indexOf('&') + 1);
      const known = await this.em
        .fork()
        .execute<{ n: number }[]>('select 1 as n from paypal_simulator_message where sha256 = ?', [
          sha256(message),
        ]);
      return reply.type('text/plain').send(known.length > 0 ? 'VERIFIED' : 'INVALID');
    }
    if (cmd === '_xclick') {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(simulatorPage(fields));
    }
    if (cmd === '_simulator-pay') {
      const notifyUrl = fields.get('notify_url') ?? '';
      // The simulator posts only to this shop's own listener: never a request to an address a
      // visitor typed.
      if (notifyUrl !== new URL(IPN_PATH, this.config.PUBLIC_URL).toString()) {
        return reply
          .code(400)
          .type('text/plain')
          .send('notify_url is not this shop’s IPN listener');
      }
      const ipn = new URLSearchParams({
        mc_gross: fields.get('amount') ?? '',
        mc_currency: fields.get('currency_code') ?? '',
        // A tester may ask the simulator for another outcome (Pending, Refunded…); PayPal decides it.
        payment_status: fields.get('simulator_payment_status') || 'Completed',
        txn_type: 'web_accept',
        txn_id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        receiver_email: fields.get('business') ?? '',
        business: fields.get('business') ?? '',
        item_name: fields.get('item_name') ?? '',
        item_number: fields.get('item_number') ?? '',
        custom: fields.get('custom') ?? '',
        payer_email: 'buyer@paypal-simulator.test',
        payer_status: 'verified',
        payment_date: new Date().toUTCString(),
        charset: 'utf-8',
        notify_version: '3.9',
      }).toString();
      const bytes = Buffer.from(ipn, 'utf8');
      await this.em
        .fork()
        .execute(
          'insert into paypal_simulator_message (sha256, created_at) values (?, now()) on conflict do nothing',
          [sha256(bytes)],
        );
      try {
        const answer = await fetch(notifyUrl, {
          method: 'POST',
          headers: { 'content-type': FORM },
          body: bytes,
          signal: AbortSignal.timeout(10_000),
        });
        if (!answer.ok)
          this.logger.warn(
            { status: answer.status, notifyUrl },
            'The IPN listener refused the simulated IPN',
          );
      } catch (error) {
        this.logger.warn({ err: error, notifyUrl }, 'The simulated IPN could not be delivered');
      }
      return reply.redirect(fields.get('return') ?? '/', 303);
    }
    return reply.code(400).type('text/plain').send('Unknown cmd');
  }
}
