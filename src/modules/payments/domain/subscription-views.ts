import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { toMoney } from '../../../contracts/orders.js';
import type { Subscription as SubscriptionView } from '../../../contracts/subscriptions.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { GetContentSnapshotQuery, GetContentVersionQuery } from '../../content/index.js';
import { invoicesOfPayments } from '../../invoices/index.js';
import { sameAmount } from './paypal.js';
import type { Subscription } from './subscription.entity.js';
import { SubscriptionPayment } from './subscription-payment.entity.js';
import { fixPaymentUrl } from './subscription-snapshot.js';

/** Exact cents of a decimal string (`499.00` → 49900n). */
const cents = (value: string): bigint => {
  const [whole = '0', fraction = ''] = value.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return (
    sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)))
  );
};
const money = (value: bigint): string => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** The sum of exact decimal strings, exact. */
export function sumMoney(values: readonly string[]): string {
  return money(values.reduce((total, value) => total + cents(value), 0n));
}

/**
 * Subscriptions as the customer and the admins read them: each with its charges (newest first) and
 * their invoices, the package's price now when it differs, and where a failed payment is fixed.
 */
@Injectable()
export class SubscriptionViews {
  constructor(
    private readonly em: EntityManager,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The package's price now (from the pricing content), or null when the package is gone. */
  async currentPrices(): Promise<Map<string, string>> {
    const version = await this.queryBus.execute(new GetContentVersionQuery());
    const { content } = await this.queryBus.execute(new GetContentSnapshotQuery(version));
    const prices = new Map<string, string>();
    for (const entry of content.sections.pricing ?? []) {
      const price = String(entry.packagePrice ?? '');
      if (typeof entry._id === 'string' && /^\d+(\.\d{1,2})?$/.test(price.trim())) {
        prices.set(entry._id, toMoney(price));
      }
    }
    return prices;
  }

  async of(subscriptions: readonly Subscription[]): Promise<SubscriptionView[]> {
    if (subscriptions.length === 0) return [];
    const em = this.em.fork();
    const payments = await em.find(
      SubscriptionPayment,
      { subscriptionId: { $in: subscriptions.map((subscription) => subscription.id) } },
      { orderBy: { sequence: 'desc' } },
    );
    const invoices = await invoicesOfPayments(
      em,
      payments.map((payment) => payment.saleId),
    );
    const prices = await this.currentPrices();
    return subscriptions.map((subscription) => {
      const own = payments.filter((payment) => payment.subscriptionId === subscription.id);
      const current = prices.get(subscription.packageId) ?? null;
      return {
        _id: subscription.id,
        orderId: subscription.orderId,
        paypalSubscriptionId: subscription.paypalSubscriptionId,
        packageName: subscription.packageName,
        price: subscription.price,
        currentPrice: current && !sameAmount(current, subscription.price) ? current : null,
        status: subscription.status,
        nextBillingAt:
          subscription.status === 'ACTIVE'
            ? (subscription.nextBillingAt?.toISOString() ?? null)
            : null,
        endsAt: subscription.endsAt?.toISOString() ?? null,
        startedAt: subscription.startedAt?.toISOString() ?? null,
        cancelledAt: subscription.cancelledAt?.toISOString() ?? null,
        statusChangedBy: subscription.statusChangedBy ?? null,
        failedPayments: subscription.failedPayments,
        lastFailedAt: subscription.lastFailedAt?.toISOString() ?? null,
        fixPaymentUrl:
          subscription.failedPayments > 0 && subscription.isOpen()
            ? fixPaymentUrl(
                this.config.PAYPAL_MODE,
                this.config.PUBLIC_URL,
                subscription.paypalSubscriptionId,
              )
            : null,
        payments: own.map((payment) => ({
          saleId: payment.saleId,
          amount: payment.amount,
          paidAt: payment.paidAt.toISOString(),
          sequence: payment.sequence,
          invoiceId: invoices.get(payment.saleId)?.id ?? null,
          invoiceNumber: invoices.get(payment.saleId)?.number ?? null,
        })),
        totalPaid: sumMoney(own.map((payment) => payment.amount)),
        createdAt: subscription.createdAt.toISOString(),
      };
    });
  }
}
