import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { BillingPlan } from '../../domain/billing-plan.entity.js';
import { callPaypal } from '../../paypal/paypal-errors.js';
import { PaypalRest } from '../../paypal/paypal-rest.js';

/** A package at one monthly price, as a billing plan needs it. */
export interface PlanPackage {
  packageId: string;
  packageName: string;
  /** The monthly price, an exact decimal string (`499.00`). */
  price: string;
}

/** PayPal retries a failed charge, then suspends the subscription after this many failures. */
const PAYMENT_FAILURE_THRESHOLD = 3;
const CURRENCY = 'USD';

/**
 * The PayPal catalog product (one per package) and billing plan (one per package and price) that a
 * subscription bills by, made at PayPal the first time someone subscribes at that price: with no
 * transaction open, under PayPal-Request-Ids derived from the package and price (two first
 * subscribers at once make one product and one plan), then recorded if absent. A price change makes
 * a new plan; the existing subscriptions keep theirs.
 */
@Injectable()
export class BillingPlans {
  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
  ) {}

  async planFor(pkg: PlanPackage): Promise<BillingPlan> {
    const em = this.em.fork();
    const where = { packageId: pkg.packageId, price: pkg.price, currency: CURRENCY };
    const known = await em.findOne(BillingPlan, where);
    if (known) return known;
    const productId =
      (
        await em.findOne(
          BillingPlan,
          { packageId: pkg.packageId },
          { orderBy: { createdAt: 'asc' } },
        )
      )?.paypalProductId ?? (await this.createProduct(pkg));
    const plan = await callPaypal(async () => {
      const { sdk, subscriptions } = await this.rest.api();
      return subscriptions.createBillingPlan({
        paypalRequestId: `seo-plan-${pkg.packageId}-${pkg.price}-${CURRENCY}`,
        prefer: 'return=representation',
        body: {
          productId,
          name: `${pkg.packageName} monthly`.slice(0, 127),
          status: sdk.PlanRequestStatus.Active,
          billingCycles: [
            {
              frequency: { intervalUnit: sdk.IntervalUnit.Month, intervalCount: 1 },
              tenureType: sdk.TenureType.Regular,
              sequence: 1,
              totalCycles: 0,
              pricingScheme: { fixedPrice: { value: pkg.price, currencyCode: CURRENCY } },
            },
          ],
          paymentPreferences: {
            autoBillOutstanding: true,
            paymentFailureThreshold: PAYMENT_FAILURE_THRESHOLD,
          },
        },
      });
    });
    const paypalPlanId = plan.result.id;
    if (!paypalPlanId) throw new Error('PayPal answered a billing plan without an id');
    await em.execute(
      `insert into billing_plan (id, package_id, price, currency, paypal_product_id, paypal_plan_id, created_at)
       values (?, ?, ?, ?, ?, ?, now())
       on conflict do nothing`,
      [randomUUID(), pkg.packageId, pkg.price, CURRENCY, productId, paypalPlanId],
    );
    return em.findOneOrFail(BillingPlan, where, { refresh: true });
  }

  private async createProduct(pkg: PlanPackage): Promise<string> {
    const product = await callPaypal(() =>
      this.rest.createCatalogProduct(
        { name: `${pkg.packageName} SEO package`.slice(0, 127) },
        `seo-product-${pkg.packageId}`,
      ),
    );
    return product.id;
  }
}
