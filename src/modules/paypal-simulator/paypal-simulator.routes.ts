import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { PAYPAL_SIMULATOR_WEBSCR_PATH } from '../../contracts/paypal-simulator.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { RawRouteSet } from '../../platform/http/raw-routes/raw-route-set.js';
import { checkoutRoutes, simulatorRoute } from './checkout/checkout-routes.js';
import { CheckoutSimulator } from './checkout/checkout-simulator.js';
import { disputeRoutes } from './disputes/dispute-routes.js';
import { DisputeSimulator } from './disputes/dispute-simulator.js';
import { SIMULATOR_SETTINGS, type SimulatorSettings } from './simulator-settings.js';
import { StandardSimulator } from './standard/standard-simulator.js';
import { subscriptionRoutes } from './subscriptions/subscription-routes.js';
import { SubscriptionSimulator } from './subscriptions/subscription-simulator.js';

/**
 * The simulator's routes under /paypal-simulator (see simulatorRoute): Payments Standard's form and
 * IPN postback at `/cgi-bin/webscr`, PayPal Checkout's REST calls, approval page and SDK, and the
 * Resolution Center (disputes) with its Disputes API calls, and PayPal Subscriptions (catalog products,
 * billing plans, subscriptions with their approval and fix-payment pages, the testers' dashboard). Raw routes of this module, so they exist
 * only when the app loads it (PAYPAL_MODE=simulator).
 */
@Injectable()
export class PaypalSimulatorRoutes extends RawRouteSet implements OnModuleInit {
  private readonly logger = new Logger('PaypalSimulator');

  constructor(
    private readonly em: EntityManager,
    @Inject(SIMULATOR_SETTINGS) private readonly settings: SimulatorSettings,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onModuleInit(): void {
    if (this.config.NODE_ENV === 'production') {
      this.logger.warn(
        'PAYPAL_MODE=simulator in production: the built-in PayPal stand-in takes no real money and anyone can use it to mark an order paid. Set PAYPAL_MODE=live to take payments.',
      );
    }
  }

  routes() {
    const standard = new StandardSimulator(this.em, this.settings);
    const checkout = new CheckoutSimulator(this.em, this.settings);
    return [
      simulatorRoute('POST', PAYPAL_SIMULATOR_WEBSCR_PATH, (request, reply) =>
        standard.answer(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), reply),
      ),
      ...checkoutRoutes(checkout),
      ...disputeRoutes(new DisputeSimulator(this.em, checkout, standard), checkout),
      ...subscriptionRoutes(new SubscriptionSimulator(this.em, checkout), checkout),
    ];
  }
}
