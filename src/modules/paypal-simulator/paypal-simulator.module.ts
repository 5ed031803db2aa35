import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { PaypalSimulatorRoutes } from './paypal-simulator.routes.js';
import { SIMULATOR_SETTINGS, simulatorSettings } from './simulator-settings.js';

/**
 * The PayPal simulator: a stand-in for PayPal (Payments Standard, Checkout, Subscriptions) served by the shop, so
 * that every payment flow works offline and moves no money. A tool, not part of the shop: the app
 * imports this module only with PAYPAL_MODE=simulator (see app.module.ts), and it talks to payments
 * only as PayPal does, over HTTP (IPN and webhook posts to the shop's listeners; the shop calls its
 * REST API and posts IPNs back to it). Its state is its own tables: paypal_simulator_message,
 * paypal_simulator_order, paypal_simulator_request, paypal_simulator_payment (Standard payments a buyer
 * may dispute), paypal_simulator_dispute, and for Subscriptions paypal_simulator_product, _plan,
 * _subscription and _sale.
 */
@Module({
  providers: [
    {
      provide: SIMULATOR_SETTINGS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => simulatorSettings(config),
    },
    PaypalSimulatorRoutes,
  ],
})
export class PaypalSimulatorModule {}
