import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyInstance } from 'fastify';
import { PAYPAL_IPN_PATH } from '../../../contracts/payments.js';
import { CROSS_SITE_ALLOWED } from '../../../platform/http/cross-site.js';
import { ReceivePaymentNotificationCommand } from '../commands/receive-payment-notification/receive-payment-notification.command.js';

/** PayPal's notifications are small; anything bigger is not one. */
const MAX_FORM_BYTES = 64 * 1024;
const FORM = 'application/x-www-form-urlencoded';

/**
 * POST /api/payments/paypal/ipn, the route PayPal (or its simulator) posts IPN messages to, served by
 * Fastify directly in a scope of its own, where the form-encoded body is kept as the exact bytes
 * received: stores the message first (ReceivePaymentNotification), answers an empty 200 at once, and the
 * worker verifies it (a job through the outbox: never lost). Public and exempt from the cross-site
 * check (PayPal posts to it on purpose).
 */
@Injectable()
export class PaypalIpnRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly commandBus: CommandBus,
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
        const received = await this.commandBus.execute(
          new ReceivePaymentNotificationCommand('ipn', raw),
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
