import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { PaypalSimulatorRegistrar } from './paypal-simulator.registrar.js';
import { SIMULATOR_SETTINGS, simulatorSettings } from './simulator-settings.js';

/**
 * The PayPal simulator: a stand-in for PayPal (Payments Standard and Checkout) served by the shop, so
 * that every payment flow works offline and moves no money. A tool, not part of the shop: the app
 * imports this module only with PAYPAL_MODE=simulator (see app.module.ts), and it talks to payments
 * only as PayPal does, over HTTP (IPN and webhook posts to the shop's listeners; the shop calls its
 * REST API and posts IPNs back to it). Its state is its own tables: paypal_simulator_message,
 * paypal_simulator_order, paypal_simulator_request, paypal_simulator_payment (Standard payments a buyer
 * may dispute) and paypal_simulator_dispute.
 */
@Module({
  providers: [
    {
      provide: SIMULATOR_SETTINGS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => simulatorSettings(config),
    },
    PaypalSimulatorRegistrar,
  ],
})
export class PaypalSimulatorModule {}
