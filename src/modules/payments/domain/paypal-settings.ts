import {
  PAYPAL_IPN_PATH,
  PAYPAL_WEBHOOK_PATH,
  type PaymentIntegration,
  type PaypalMode,
} from '../../../contracts/payments.js';
import {
  PAYPAL_SIMULATOR_CREDENTIALS,
  PAYPAL_SIMULATOR_ROOT,
} from '../../../contracts/paypal-simulator.js';
import type { AppConfig } from '../../../platform/config/app-config.js';

/** How this shop talks to PayPal, resolved once from the configuration. */
export interface PaypalSettings {
  mode: PaypalMode;
  integration: PaymentIntegration;
  /** The REST API's origin (PayPal, its sandbox, or the simulator). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** This shop's listeners, as PayPal is told about them. */
  ipnUrl: string;
  webhookUrl: string;
}

/**
 * Checkout when asked for, or when REST credentials are set, or in simulator mode; Payments Standard
 * otherwise (a shop that has only ever set a receiving e-mail keeps working as it did).
 */
export function resolveIntegration(config: AppConfig): PaymentIntegration {
  if (config.PAYMENT_INTEGRATION) return config.PAYMENT_INTEGRATION;
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET) return 'checkout';
  return config.PAYPAL_MODE === 'simulator' ? 'checkout' : 'standard';
}

function apiOrigin(config: AppConfig): string {
  if (config.PAYPAL_API_URL) return config.PAYPAL_API_URL.replace(/\/$/, '');
  switch (config.PAYPAL_MODE) {
    case 'live':
      return 'https://api-m.paypal.com';
    case 'sandbox':
      return 'https://api-m.sandbox.paypal.com';
    case 'simulator':
      return new URL(PAYPAL_SIMULATOR_ROOT, config.PUBLIC_URL).toString().replace(/\/$/, '');
  }
}

export function paypalSettings(config: AppConfig): PaypalSettings {
  const simulator = config.PAYPAL_MODE === 'simulator';
  return {
    mode: config.PAYPAL_MODE,
    integration: resolveIntegration(config),
    apiUrl: apiOrigin(config),
    clientId: config.PAYPAL_CLIENT_ID ?? (simulator ? PAYPAL_SIMULATOR_CREDENTIALS.clientId : ''),
    clientSecret:
      config.PAYPAL_CLIENT_SECRET ?? (simulator ? PAYPAL_SIMULATOR_CREDENTIALS.clientSecret : ''),
    webhookId:
      config.PAYPAL_WEBHOOK_ID ?? (simulator ? PAYPAL_SIMULATOR_CREDENTIALS.webhookId : ''),
    ipnUrl: new URL(PAYPAL_IPN_PATH, config.PUBLIC_URL).toString(),
    webhookUrl: new URL(PAYPAL_WEBHOOK_PATH, config.PUBLIC_URL).toString(),
  };
}
