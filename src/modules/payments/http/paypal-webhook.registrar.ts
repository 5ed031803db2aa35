import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../../contracts/ids.js';
import { PAYPAL_WEBHOOK_PATH } from '../../../contracts/payments.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
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
export class PaypalWebhookRegistrar extends RawRouteSet {
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
      },
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
