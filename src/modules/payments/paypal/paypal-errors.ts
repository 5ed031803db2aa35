import { ConflictException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { PAYMENT_TEXTS } from '../../../contracts/payments.js';
import type { PaypalSettings } from '../domain/paypal-settings.js';
import { paypalFailure } from './paypal-rest.js';

/** PayPal's refusals are 409s naming PayPal's reason; PayPal out of reach is a 503 (try again). */
export function toHttpError(error: unknown): Error {
  const failure = paypalFailure(error);
  if (failure && failure.status < 500) {
    const why = failure.issues.length > 0 ? failure.issues.join(', ') : failure.name;
    return new ConflictException(`PayPal refused the request (${why || failure.status}).`);
  }
  Logger.warn({ err: error }, 'PayPal could not be reached', 'PaypalRest');
  return new ServiceUnavailableException(PAYMENT_TEXTS.paypalUnavailable);
}

/** A call to PayPal whose failure the customer or admin reads as a 409 or 503. */
export async function callPaypal<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toHttpError(error);
  }
}

/** The Checkout calls are refused (409) when the shop takes payments through the Standard form. */
export function requireCheckout(settings: PaypalSettings): void {
  if (settings.integration !== 'checkout') {
    throw new ConflictException(
      'This shop takes payments through the PayPal payment form, not PayPal Checkout.',
    );
  }
}

/**
 * Subscriptions need the REST API whatever PAYMENT_INTEGRATION is: without REST credentials
 * (sandbox or live with no client id) a monthly order cannot be paid yet (409).
 */
export function requireSubscriptions(settings: PaypalSettings): void {
  if (!subscriptionsReady(settings)) throw new ConflictException(PAYMENT_TEXTS.notSetUp);
}

export function subscriptionsReady(settings: PaypalSettings): boolean {
  return Boolean(settings.clientId && settings.clientSecret);
}
