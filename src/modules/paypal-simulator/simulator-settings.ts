import { PAYPAL_IPN_PATH, PAYPAL_WEBHOOK_PATH } from '../../contracts/payments.js';
import { PAYPAL_SIMULATOR_CREDENTIALS } from '../../contracts/paypal-simulator.js';
import type { AppConfig } from '../../platform/config/app-config.js';

/** Who the simulator is (its credentials) and which shop it serves (the listeners it posts to). */
export interface SimulatorSettings {
  publicUrl: string;
  /** The REST app's credentials it accepts, and the webhook id its events are signed for. */
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The one IPN listener it posts to: this shop's. */
  ipnUrl: string;
  /** Where its webhook events go: this shop's listener, or PAYPAL_SIMULATOR_WEBHOOK_URL (tests). */
  webhookUrl: string;
  /** How long it takes to answer a verification (a slow PayPal, for tests). */
  verifyDelayMs: number;
}

export const SIMULATOR_SETTINGS = Symbol('SIMULATOR_SETTINGS');

/** The credentials the shop is configured with (PayPal's dashboard gives both sides the same), or its own. */
export function simulatorSettings(config: AppConfig): SimulatorSettings {
  return {
    publicUrl: config.PUBLIC_URL,
    clientId: config.PAYPAL_CLIENT_ID ?? PAYPAL_SIMULATOR_CREDENTIALS.clientId,
    clientSecret: config.PAYPAL_CLIENT_SECRET ?? PAYPAL_SIMULATOR_CREDENTIALS.clientSecret,
    webhookId: config.PAYPAL_WEBHOOK_ID ?? PAYPAL_SIMULATOR_CREDENTIALS.webhookId,
    ipnUrl: new URL(PAYPAL_IPN_PATH, config.PUBLIC_URL).toString(),
    webhookUrl:
      config.PAYPAL_SIMULATOR_WEBHOOK_URL ??
      new URL(PAYPAL_WEBHOOK_PATH, config.PUBLIC_URL).toString(),
    verifyDelayMs: config.PAYPAL_SIMULATOR_VERIFY_DELAY_MS,
  };
}

/** Waits as a slow PayPal would before it answers a verification. */
export function slowAnswer(delayMs: number): Promise<void> {
  return delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve();
}
