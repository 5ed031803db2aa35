import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid } from '../../../contracts/ids.js';
import { PAYPAL_WEBHOOK_PATH } from '../../../contracts/payments.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { CROSS_SITE_ALLOWED } from '../../../platform/http/cross-site.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { PaymentWebhookReceived } from '../domain/payments.events.js';

/** PayPal's webhook events are small; anything bigger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

interface WebhookEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: { id?: unknown; status?: unknown; custom_id?: unknown };
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' ? toStorableText(value.slice(0, max)) || null : null;

/**
 * POST /api/payments/paypal/webhook (PayPal Checkout): stores the event byte for byte with its PAYPAL-*
 * headers first, answers an empty 200 at once, and has the worker verify its signature with PayPal
 * (PaymentWebhookReceived through the outbox: never lost). An event PayPal sends again (same event id)
 * is stored once and verified once. Public and exempt from the cross-site check: PayPal posts it.
 */
@Injectable()
export class PaypalWebhookRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // the worker role serves no HTTP
    void fastify.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: MAX_EVENT_BYTES },
        (_, body, done) => done(null, body),
      );
      scope.post(PAYPAL_WEBHOOK_PATH, { config: CROSS_SITE_ALLOWED }, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: WebhookEvent;
        try {
          event = JSON.parse(raw.toString('utf8')) as WebhookEvent;
        } catch {
          event = {};
        }
        const eventId = text(event?.id, 128);
        if (!eventId) {
          return reply.code(400).send({
            statusCode: 400,
            error: 'Bad Request',
            message: 'A PayPal webhook event is a JSON object with an id',
          });
        }
        await this.receive(raw, event, eventId, paypalHeaders(request));
        return reply.code(200).header('cache-control', 'no-store').send();
      });
    });
  }

  private async receive(
    raw: Buffer,
    event: WebhookEvent,
    eventId: string,
    headers: Record<string, string>,
  ): Promise<void> {
    const customId = event.resource?.custom_id;
    await this.em.fork().transactional(async (tx) => {
      const inserted = await tx.execute<{ id: string }[]>(
        `insert into payment_notification
           (id, raw, received_at, order_id, txn_id, payment_status, channel, event_id, event_type, headers)
         values (?, ?, now(), ?, ?, ?, 'webhook', ?, ?, ?)
         on conflict (event_id) where event_id is not null do nothing
         returning id`,
        [
          randomUUID(),
          raw,
          typeof customId === 'string' && isUuid(customId) ? customId : null,
          text(event.resource?.id, 64),
          text(event.resource?.status, 64),
          eventId,
          text(event.event_type, 64),
          JSON.stringify(headers),
        ],
      );
      const [row] = inserted;
      if (row)
        await this.outbox.commit(tx, [new PaymentWebhookReceived({ notificationId: row.id })]);
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
