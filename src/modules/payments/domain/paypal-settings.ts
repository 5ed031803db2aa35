import type { PaymentIntegration, PaypalMode } from '../../../contracts/payments.js';
import type { AppConfig } from '../../../platform/config/app-config.js';
import { IPN_PATH, SIMULATOR_ROOT, WEBHOOK_PATH } from './paypal.js';

/** The simulator's stand-in credentials: it accepts only these. */
export const SIMULATOR_CREDENTIALS = {
  clientId: 'simulator-client-id',
  clientSecret: 'simulator-client-secret',
  webhookId: 'SIMULATOR-WEBHOOK-ID',
} as const;

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
      return new URL(SIMULATOR_ROOT, config.PUBLIC_URL).toString().replace(/\/$/, '');
  }
}

export function paypalSettings(config: AppConfig): PaypalSettings {
  const simulator = config.PAYPAL_MODE === 'simulator';
  return {
    mode: config.PAYPAL_MODE,
    integration: resolveIntegration(config),
    apiUrl: apiOrigin(config),
    clientId: config.PAYPAL_CLIENT_ID ?? (simulator ? SIMULATOR_CREDENTIALS.clientId : ''),
    clientSecret:
      config.PAYPAL_CLIENT_SECRET ?? (simulator ? SIMULATOR_CREDENTIALS.clientSecret : ''),
    webhookId: config.PAYPAL_WEBHOOK_ID ?? (simulator ? SIMULATOR_CREDENTIALS.webhookId : ''),
    ipnUrl: new URL(IPN_PATH, config.PUBLIC_URL).toString(),
    webhookUrl: new URL(WEBHOOK_PATH, config.PUBLIC_URL).toString(),
  };
}
