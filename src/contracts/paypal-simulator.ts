/**
 * What the shop knows of the PayPal simulator, as it knows PayPal's addresses: where it is served and
 * its stand-in credentials, which payments uses with PAYPAL_MODE=simulator. (The simulator knows the
 * shop's listeners from `payments.ts`.) Plain constants: neither side imports the other's code.
 */

/** Where the simulator is served (PAYPAL_MODE=simulator only): the origin of its REST API too. */
export const PAYPAL_SIMULATOR_ROOT = '/paypal-simulator';
/** Payments Standard's form and IPN postback, at PayPal's own path. */
export const PAYPAL_SIMULATOR_WEBSCR_PATH = `${PAYPAL_SIMULATOR_ROOT}/cgi-bin/webscr`;
/** The stand-in for PayPal's JavaScript SDK (`paypal.Buttons`). */
export const PAYPAL_SIMULATOR_SDK_PATH = `${PAYPAL_SIMULATOR_ROOT}/sdk/js`;

/** The simulator's stand-in credentials, used when PAYPAL_CLIENT_ID / _SECRET / PAYPAL_WEBHOOK_ID are unset. */
export const PAYPAL_SIMULATOR_CREDENTIALS = {
  clientId: 'simulator-client-id',
  clientSecret: 'simulator-client-secret',
  webhookId: 'SIMULATOR-WEBHOOK-ID',
} as const;
