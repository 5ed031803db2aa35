import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { PAYPAL_SIMULATOR_WEBSCR_PATH } from '../../contracts/paypal-simulator.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { CROSS_SITE_ALLOWED } from '../../platform/http/cross-site.js';
import { registerCheckoutRoutes } from './checkout/checkout-routes.js';
import { CheckoutSimulator } from './checkout/checkout-simulator.js';
import { registerDisputeRoutes } from './disputes/dispute-routes.js';
import { DisputeSimulator } from './disputes/dispute-simulator.js';
import { SIMULATOR_SETTINGS, type SimulatorSettings } from './simulator-settings.js';
import { StandardSimulator } from './standard/standard-simulator.js';

/** PayPal's requests and forms are small; anything bigger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Serves the simulator under /paypal-simulator, in a Fastify scope of its own where JSON and
 * form-encoded bodies arrive as the bytes sent (PayPal signs and hashes bytes): Payments Standard's
 * form and IPN postback at `/cgi-bin/webscr`, PayPal Checkout's REST calls, approval page and SDK, and
 * the Resolution Center (disputes) with its Disputes API calls.
 * Its routes are public and exempt from the cross-site check, as PayPal's are.
 */
@Injectable()
export class PaypalSimulatorRegistrar implements OnModuleInit {
  private readonly logger = new Logger('PaypalSimulator');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly em: EntityManager,
    @Inject(SIMULATOR_SETTINGS) private readonly settings: SimulatorSettings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // the worker role serves no HTTP
    if (this.config.NODE_ENV === 'production') {
      this.logger.warn(
        'PAYPAL_MODE=simulator in production: the built-in PayPal stand-in takes no real money and anyone can use it to mark an order paid. Set PAYPAL_MODE=live to take payments.',
      );
    }
    const standard = new StandardSimulator(this.em, this.settings);
    const checkout = new CheckoutSimulator(this.em, this.settings);
    const disputes = new DisputeSimulator(this.em, checkout, standard);
    // Not awaited: the scope loads when Fastify starts, after Nest has installed the API's error
    // handler, which the scope then inherits.
    void fastify.register(async (scope) => {
      scope.removeContentTypeParser(['application/json']);
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        scope.addContentTypeParser(
          type,
          { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
          (_, body, done) => done(null, body),
        );
      }
      scope.post(PAYPAL_SIMULATOR_WEBSCR_PATH, { config: CROSS_SITE_ALLOWED }, (request, reply) =>
        standard.answer(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), reply),
      );
      registerCheckoutRoutes(scope, checkout);
      registerDisputeRoutes(scope, disputes, checkout);
    });
  }
}
