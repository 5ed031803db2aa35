import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAYPAL_WEBHOOK_PATH } from '../../../contracts/payments.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { CROSS_SITE_ALLOWED } from '../../../platform/http/cross-site.js';
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
export class PaypalWebhookRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly commandBus: CommandBus,
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
        const received = await this.commandBus.execute(
          new ReceivePaymentNotificationCommand('webhook', raw, paypalHeaders(request)),
        );
        if (!received.stored) {
          return reply
            .code(400)
            .send({ statusCode: 400, error: 'Bad Request', message: received.reason });
        }
        return reply.code(200).header('cache-control', 'no-store').send();
      });
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
