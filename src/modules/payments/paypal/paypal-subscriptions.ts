import { Injectable } from '@nestjs/common';
import {
  type ReportedSale,
  snapshotOfSdk,
  type SubscriptionSnapshot,
} from '../domain/subscription-snapshot.js';
import { paypalFailure, PaypalRest } from './paypal-rest.js';

/** How far before the subscription was made its charges are looked for (clocks differ). */
const SALES_SLACK_MS = 24 * 3600_000;

/**
 * Reads of PayPal's subscriptions (the SDK's SubscriptionsController), in the shop's terms: the
 * subscription's state, and the charges it took. Called with no transaction open.
 */
@Injectable()
export class PaypalSubscriptions {
  constructor(private readonly rest: PaypalRest) {}

  /** The subscription as PayPal shows it now, or null when PayPal does not know it. */
  async read(paypalSubscriptionId: string): Promise<SubscriptionSnapshot | null> {
    try {
      const { result } = await (
        await this.rest.api()
      ).subscriptions.getSubscription({
        id: paypalSubscriptionId,
      });
      return snapshotOfSdk(result);
    } catch (error) {
      if (paypalFailure(error)?.status === 404) return null;
      throw error;
    }
  }

  /** The completed charges of the subscription since `since` (oldest first). */
  async sales(paypalSubscriptionId: string, since: Date): Promise<ReportedSale[]> {
    const { result } = await (
      await this.rest.api()
    ).subscriptions.listSubscriptionTransactions({
      id: paypalSubscriptionId,
      startTime: new Date(since.getTime() - SALES_SLACK_MS).toISOString(),
      endTime: new Date(Date.now() + SALES_SLACK_MS).toISOString(),
    });
    return (result.transactions ?? [])
      .filter((transaction) => transaction.status === 'COMPLETED')
      .map((transaction) => ({
        saleId: transaction.id,
        paypalSubscriptionId,
        amount: transaction.amountWithBreakdown.grossAmount.value,
        currency: transaction.amountWithBreakdown.grossAmount.currencyCode,
        paidAt: new Date(transaction.time),
      }));
  }
}
