import { randomInt } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { PAYPAL_SIMULATOR_ROOT } from '../../../contracts/paypal-simulator.js';
import {
  type Answer,
  type CheckoutSimulator,
  invalidRequest,
  type Json,
  newId,
  notFound,
  paypalError,
} from '../checkout/checkout-simulator.js';

export type SubscriptionStatus =
  'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

/** What a tester (the dashboard) or the buyer (approval, fix-payment pages) may make happen. */
export type Simulation = 'charge' | 'fail' | 'suspend' | 'cancel';
export const SIMULATIONS: readonly Simulation[] = ['charge', 'fail', 'suspend', 'cancel'];

/** A stored subscription: PayPal's object without what is derived from the columns (see `present`). */
export interface SubscriptionRow {
  id: string;
  plan_id: string;
  status: SubscriptionStatus;
  body: Json;
  /** When it started billing: every charge falls on this day of the month (see `addMonths`). */
  billing_anchor: Date | null;
  /** The cycles paid by a charge (the first at approval): the next bill is this many months on. */
  cycles_billed: number;
}

/** A subscription under change, with the plan it bills and what the change sends when committed. */
interface Draft extends SubscriptionRow {
  plan: Json;
  now: Date;
  events: [type: string, resource: Json][];
  sales: Sale[];
}

interface Sale {
  id: string;
  status: 'COMPLETED' | 'DECLINED';
  amount: string;
  currency: string;
  fee: string;
}

// --- Requests ----------------------------------------------------------------------------------------

const amount = z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'an amount such as 499.00');
const currency = z.string().regex(/^[A-Z]{3}$/, 'a currency code such as USD');
const reasonSchema = z.object({ reason: z.string().max(128).optional() }).nullable();

/** POST /v1/catalogs/products: PayPal ignores what it does not know, and so does the simulator. */
export const productSchema = z.object({
  id: z
    .string()
    .regex(/^[\w-]{6,50}$/)
    .optional(),
  name: z.string().min(1).max(127),
  description: z.string().max(256).optional(),
  type: z.enum(['PHYSICAL', 'DIGITAL', 'SERVICE']),
  category: z.string().max(64).optional(),
  image_url: z.string().max(2000).optional(),
  home_url: z.string().max(2000).optional(),
});

const cycleSchema = z.object({
  frequency: z.object({
    interval_unit: z.enum(['DAY', 'WEEK', 'MONTH', 'YEAR']),
    interval_count: z.number().int().min(1).max(365).default(1),
  }),
  tenure_type: z.enum(['REGULAR', 'TRIAL']),
  sequence: z.number().int().min(1).max(99),
  total_cycles: z.number().int().min(0).max(999).default(1),
  pricing_scheme: z
    .object({ fixed_price: z.object({ value: amount, currency_code: currency }) })
    .optional(),
});

/**
 * POST /v1/billing/plans. The simulator bills every month: one REGULAR cycle of one month with a
 * fixed price, endless (total_cycles 0) or not; a trial or another period is refused, as a request it
 * cannot simulate.
 */
export const planSchema = z
  .object({
    product_id: z.string().min(1).max(50),
    name: z.string().min(1).max(127),
    description: z.string().max(127).optional(),
    status: z.enum(['CREATED', 'ACTIVE', 'INACTIVE']).default('ACTIVE'),
    billing_cycles: z.array(cycleSchema).min(1).max(12),
    payment_preferences: z
      .object({
        auto_bill_outstanding: z.boolean().default(true),
        setup_fee_failure_action: z.enum(['CONTINUE', 'CANCEL']).optional(),
        payment_failure_threshold: z.number().int().min(0).max(999).default(3),
      })
      .default({ auto_bill_outstanding: true, payment_failure_threshold: 3 }),
  })
  .superRefine((plan, context) => {
    const regular = plan.billing_cycles.filter((cycle) => cycle.tenure_type === 'REGULAR');
    const cycle = regular[0];
    if (regular.length !== 1 || plan.billing_cycles.length !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['billing_cycles'],
        message: 'the simulator bills one REGULAR cycle (no trial)',
      });
    } else if (cycle?.frequency.interval_unit !== 'MONTH' || cycle.frequency.interval_count !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['billing_cycles', 0, 'frequency'],
        message: 'the simulator bills every month (interval_unit MONTH, interval_count 1)',
      });
    } else if (!cycle.pricing_scheme) {
      context.addIssue({
        code: 'custom',
        path: ['billing_cycles', 0, 'pricing_scheme'],
        message: 'a REGULAR cycle needs a fixed_price',
      });
    }
  });

/** POST /v1/billing/subscriptions. */
export const subscriptionSchema = z.object({
  plan_id: z.string().min(3).max(50),
  custom_id: z.string().max(127).optional(),
  start_time: z.iso.datetime({ offset: true }).optional(),
  quantity: z.string().max(32).optional(),
  subscriber: z
    .object({
      email_address: z.email().max(254).optional(),
      name: z
        .object({
          given_name: z.string().max(140).optional(),
          surname: z.string().max(140).optional(),
        })
        .optional(),
    })
    .optional(),
  application_context: z
    .object({
      brand_name: z.string().max(127).optional(),
      locale: z.string().max(10).optional(),
      shipping_preference: z.string().max(32).optional(),
      user_action: z.enum(['CONTINUE', 'SUBSCRIBE_NOW']).optional(),
      return_url: z.url().max(2000).optional(),
      cancel_url: z.url().max(2000).optional(),
    })
    .optional(),
});

export const reviseSchema = z.object({ plan_id: z.string().min(3).max(50) });

export const transactionsQuerySchema = z.object({
  start_time: z.iso.datetime({ offset: true }),
  end_time: z.iso.datetime({ offset: true }),
});

// --- Money and time ----------------------------------------------------------------------------------

const cents = (value: string): bigint => {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole ?? '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};
const decimal = (value: bigint): string =>
  `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
/** PayPal's fee on a sale, as the US standard rate: 3.49% + 0.49. */
const feeOf = (gross: string): string => decimal((cents(gross) * 349n + 5_000n) / 10_000n + 49n);

/**
 * `months` calendar months after `anchor`, on the anchor's day of the month, or the month's last day
 * when it has fewer (a subscription started on 31 January bills on 28 or 29 February, then 31 March):
 * counted from the anchor each time, so a short month does not move later bills.
 */
export function addMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const code = (length: number) =>
  Array.from({ length }, () => ALNUM[randomInt(ALNUM.length)]).join('');

const unprocessable = (issue: string, message: string): Answer => [
  422,
  paypalError('UNPROCESSABLE_ENTITY', issue, message),
];
const statusInvalid = (status: SubscriptionStatus): Answer =>
  unprocessable('SUBSCRIPTION_STATUS_INVALID', `Invalid subscription status: ${status}.`);
const fieldInvalid = (field: string, description: string): Answer => [
  400,
  {
    ...paypalError('INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', description),
    details: [{ field, issue: 'INVALID_PARAMETER_VALUE', description }],
  },
];

/** The subscription's price each month: the plan's fixed price. */
function priceOf(plan: Json): { value: string; currency_code: string } {
  const cycle = (plan.billing_cycles as Json[])[0]!;
  const price = (cycle.pricing_scheme as { fixed_price: { value: string; currency_code: string } })
    .fixed_price;
  return { value: decimal(cents(price.value)), currency_code: price.currency_code };
}

const failureThreshold = (plan: Json) =>
  Number((plan.payment_preferences as Json | undefined)?.payment_failure_threshold ?? 3);

/**
 * The simulator's PayPal Subscriptions side: catalog products, billing plans and subscriptions
 * (create, show, suspend, activate, cancel, revise, transactions) with PayPal's shapes and errors,
 * the buyer's approval and fix-payment, and the charges a tester makes happen from the dashboard (a
 * simulated PayPal bills nobody on its own: a month passes when the tester says so). Every change
 * locks its subscription's row, is committed, and then sends its signed webhook events through the
 * Checkout side (`CheckoutSimulator.sendWebhook`), whose OAuth tokens, signatures and
 * PayPal-Request-Id idempotency it shares.
 *
 * Billing: the approval takes the first month at once (a sale: PAYMENT.SALE.COMPLETED) and bills on
 * that day of each month after (`addMonths`); "charge" takes the next month (next_billing_time one
 * month on); "fail" is a declined attempt at the month due: failed_payments_count + 1, that month's
 * price outstanding, BILLING.SUBSCRIPTION.PAYMENT.FAILED, and at the plan's
 * payment_failure_threshold (3 unless the plan says; 0: never) the subscription is SUSPENDED. A
 * successful charge clears the balance and the count; fixing the payment method pays the month due
 * (one sale of the plan's price, like every charge: the next bill is a month on) and reactivates a
 * suspended subscription.
 */
export class SubscriptionSimulator {
  constructor(
    private readonly em: EntityManager,
    private readonly checkout: CheckoutSimulator,
  ) {}

  // --- Catalog products -------------------------------------------------------------------------------

  async createProduct(input: unknown): Promise<Answer> {
    const parsed = productSchema.safeParse(input);
    if (!parsed.success) return invalidRequest(parsed.error);
    const id = parsed.data.id ?? `PROD-${code(17)}`;
    const now = new Date().toISOString();
    const product: Json = { ...parsed.data, id, create_time: now, update_time: now };
    const inserted = await this.em.fork().execute<{ id: string }[]>(
      `insert into paypal_simulator_product (id, body, created_at) values (?, ?, ?)
       on conflict do nothing returning id`,
      [id, JSON.stringify(product), now],
    );
    if (inserted.length === 0) {
      return unprocessable('DUPLICATE_RESOURCE_IDENTIFIER', 'The product id is taken.');
    }
    return [201, this.withLinks(product, `/v1/catalogs/products/${id}`)];
  }

  async getProduct(id: string): Promise<Answer> {
    const [row] = await this.em
      .fork()
      .execute<{ body: Json }[]>('select body from paypal_simulator_product where id = ?', [id]);
    return row ? [200, this.withLinks(row.body, `/v1/catalogs/products/${id}`)] : [404, notFound()];
  }

  // --- Billing plans ----------------------------------------------------------------------------------

  async createPlan(input: unknown): Promise<Answer> {
    const parsed = planSchema.safeParse(input);
    if (!parsed.success) return invalidRequest(parsed.error);
    const id = `P-${code(24)}`;
    const now = new Date().toISOString();
    const plan: Json = { id, ...parsed.data, create_time: now, update_time: now };
    const inserted = await this.em.fork().execute<{ id: string }[]>(
      `insert into paypal_simulator_plan (id, product_id, body, created_at)
       select ?, id, ?, ? from paypal_simulator_product where id = ? returning id`,
      [id, JSON.stringify(plan), now, parsed.data.product_id],
    );
    if (inserted.length === 0) return fieldInvalid('product_id', 'No such catalog product.');
    return [201, this.withLinks(plan, `/v1/billing/plans/${id}`)];
  }

  async getPlan(id: string): Promise<Answer> {
    const plan = await this.plan(id);
    return plan ? [200, this.withLinks(plan, `/v1/billing/plans/${id}`)] : [404, notFound()];
  }

  private async plan(id: string): Promise<Json | null> {
    const [row] = await this.em
      .fork()
      .execute<{ body: Json }[]>('select body from paypal_simulator_plan where id = ?', [id]);
    return row?.body ?? null;
  }

  // --- Subscriptions ----------------------------------------------------------------------------------

  async createSubscription(input: unknown): Promise<Answer> {
    const parsed = subscriptionSchema.safeParse(input);
    if (!parsed.success) return invalidRequest(parsed.error);
    const request = parsed.data;
    const plan = await this.plan(request.plan_id);
    if (!plan) return fieldInvalid('plan_id', 'No such billing plan.');
    if (plan.status !== 'ACTIVE') {
      return unprocessable('PLAN_STATUS_INVALID', 'The billing plan is not active.');
    }
    const id = `I-${code(12)}`;
    const now = new Date().toISOString();
    const price = priceOf(plan);
    const body: Json = {
      id,
      plan_id: request.plan_id,
      ...(request.custom_id === undefined ? {} : { custom_id: request.custom_id }),
      status_update_time: now,
      start_time: request.start_time ?? now,
      create_time: now,
      update_time: now,
      quantity: '1',
      ...(request.subscriber ? { subscriber: request.subscriber } : {}),
      ...(request.application_context ? { application_context: request.application_context } : {}),
      plan_overridden: false,
      billing_info: {
        outstanding_balance: { currency_code: price.currency_code, value: '0.00' },
        failed_payments_count: 0,
      },
    };
    const row: SubscriptionRow = {
      id,
      plan_id: request.plan_id,
      status: 'APPROVAL_PENDING',
      body,
      billing_anchor: null,
      cycles_billed: 0,
    };
    await this.em.fork().execute(
      `insert into paypal_simulator_subscription
         (id, plan_id, status, body, billing_anchor, cycles_billed, created_at, updated_at)
       values (?, ?, 'APPROVAL_PENDING', ?, null, 0, ?, ?)`,
      [id, request.plan_id, JSON.stringify(body), now, now],
    );
    return [201, this.present(row)];
  }

  async getSubscription(id: string): Promise<Answer> {
    const row = await this.find(id);
    return row ? [200, this.present(row)] : [404, notFound()];
  }

  async find(id: string): Promise<SubscriptionRow | null> {
    const [row] = await this.em.fork().execute<SubscriptionRow[]>(
      `select id, plan_id, status, body, billing_anchor, cycles_billed
         from paypal_simulator_subscription where id = ?`,
      [id.slice(0, 32)],
    );
    return row ?? null;
  }

  /** The latest subscriptions for the dashboard, with their plan's price. */
  async list(limit = 50): Promise<(SubscriptionRow & { price: string; currency: string })[]> {
    return this.em.fork().execute(
      `select s.id, s.plan_id, s.status, s.body, s.billing_anchor, s.cycles_billed,
              p.body->'billing_cycles'->0->'pricing_scheme'->'fixed_price'->>'value' as price,
              p.body->'billing_cycles'->0->'pricing_scheme'->'fixed_price'->>'currency_code' as currency
         from paypal_simulator_subscription s join paypal_simulator_plan p on p.id = s.plan_id
        order by s.updated_at desc limit ?`,
      [limit],
    );
  }

  /** The plan of a subscription and its name (the approval page shows them). */
  async planOf(row: SubscriptionRow): Promise<{ name: string; price: string; currency: string }> {
    const plan = (await this.plan(row.plan_id)) ?? {};
    const { value, currency_code } = priceOf(plan);
    return { name: String(plan.name ?? ''), price: value, currency: currency_code };
  }

  suspend(id: string, input: unknown): Promise<Answer> {
    const reason = reasonSchema.safeParse(input ?? null);
    if (!reason.success) return Promise.resolve(invalidRequest(reason.error));
    return this.change(id, (draft) => {
      if (draft.status !== 'ACTIVE') return statusInvalid(draft.status);
      this.setStatus(draft, 'SUSPENDED', reason.data?.reason);
      this.emit(draft, 'BILLING.SUBSCRIPTION.SUSPENDED');
      return [204, {}];
    });
  }

  activate(id: string, input: unknown): Promise<Answer> {
    const reason = reasonSchema.safeParse(input ?? null);
    if (!reason.success) return Promise.resolve(invalidRequest(reason.error));
    return this.change(id, (draft) => {
      if (draft.status !== 'SUSPENDED') return statusInvalid(draft.status);
      this.setStatus(draft, 'ACTIVE', reason.data?.reason);
      this.emit(draft, 'BILLING.SUBSCRIPTION.ACTIVATED');
      return [204, {}];
    });
  }

  /** Cancelled at once: no more bills (the shop counts the paid month to its end). */
  cancel(id: string, input: unknown): Promise<Answer> {
    const reason = reasonSchema.safeParse(input ?? null);
    if (!reason.success) return Promise.resolve(invalidRequest(reason.error));
    return this.change(id, (draft) => {
      if (draft.status !== 'ACTIVE' && draft.status !== 'SUSPENDED') {
        return statusInvalid(draft.status);
      }
      this.setStatus(draft, 'CANCELLED', reason.data?.reason);
      this.emit(draft, 'BILLING.SUBSCRIPTION.CANCELLED');
      return [204, {}];
    });
  }

  /** Another plan, applied at once: later charges take its price (PayPal asks the buyer first). */
  async revise(id: string, input: unknown): Promise<Answer> {
    const parsed = reviseSchema.safeParse(input);
    if (!parsed.success) return invalidRequest(parsed.error);
    const plan = await this.plan(parsed.data.plan_id);
    if (!plan) return fieldInvalid('plan_id', 'No such billing plan.');
    if (plan.status !== 'ACTIVE') {
      return unprocessable('PLAN_STATUS_INVALID', 'The billing plan is not active.');
    }
    return this.change(id, (draft) => {
      if (draft.status !== 'ACTIVE' && draft.status !== 'SUSPENDED') {
        return statusInvalid(draft.status);
      }
      draft.plan_id = parsed.data.plan_id;
      draft.plan = plan;
      draft.body = { ...draft.body, plan_id: parsed.data.plan_id, plan_overridden: false };
      this.emit(draft, 'BILLING.SUBSCRIPTION.UPDATED');
      return [
        200,
        { plan_id: parsed.data.plan_id, effective_time: draft.now.toISOString(), links: [] },
      ];
    });
  }

  async transactions(id: string, query: unknown): Promise<Answer> {
    const parsed = transactionsQuerySchema.safeParse(query);
    if (!parsed.success) return invalidRequest(parsed.error);
    if (!(await this.find(id))) return [404, notFound()];
    const rows = await this.em.fork().execute<(Sale & { created_at: Date })[]>(
      `select id, status, amount, currency, fee, created_at from paypal_simulator_sale
        where subscription_id = ? and created_at >= ? and created_at <= ?
        order by created_at, id`,
      [id, parsed.data.start_time, parsed.data.end_time],
    );
    const transactions = rows.map((sale) => {
      const money = (value: string) => ({ currency_code: sale.currency, value });
      const fee = sale.status === 'COMPLETED' ? sale.fee : '0.00';
      return {
        id: sale.id,
        status: sale.status,
        amount_with_breakdown: {
          gross_amount: money(sale.amount),
          fee_amount: money(fee),
          net_amount: money(decimal(cents(sale.amount) - cents(fee))),
        },
        time: new Date(sale.created_at).toISOString(),
      };
    });
    return [
      200,
      {
        transactions,
        total_items: transactions.length,
        total_pages: 1,
        links: [{ href: this.checkout.url(`/v1/billing/subscriptions/${id}`), rel: 'up' }],
      },
    ];
  }

  // --- The buyer's and the tester's side --------------------------------------------------------------

  /**
   * The buyer subscribed on the approval page: ACTIVE from now, and the first month charged at once.
   * Approving an active subscription again (a second click) changes nothing.
   */
  approve(id: string): Promise<Answer> {
    return this.change(id, (draft) => {
      if (draft.status === 'ACTIVE') return [200, this.present(draft)];
      if (draft.status !== 'APPROVAL_PENDING') return statusInvalid(draft.status);
      const subscriber = (draft.body.subscriber ?? {}) as Json;
      draft.billing_anchor = draft.now;
      draft.body = {
        ...draft.body,
        start_time: draft.now.toISOString(),
        subscriber: {
          ...subscriber,
          email_address: subscriber.email_address ?? 'buyer@paypal-simulator.test',
          payer_id: 'SIMULATORPAYER',
          name: subscriber.name ?? { given_name: 'Simulated', surname: 'Buyer' },
        },
      };
      this.setStatus(draft, 'ACTIVE');
      this.chargeCycle(draft);
      // The activation is reported with its first payment, as PayPal's ACTIVATED event shows it.
      draft.events.unshift(['BILLING.SUBSCRIPTION.ACTIVATED', this.present(draft)]);
      return [200, this.present(draft)];
    });
  }

  /** A tester's control on the dashboard. */
  simulate(id: string, action: Simulation): Promise<Answer> {
    if (action === 'suspend') return this.suspend(id, { reason: 'Suspended by the simulator' });
    if (action === 'cancel') return this.cancel(id, { reason: 'Cancelled by the simulator' });
    return this.change(id, (draft) => {
      if (draft.status !== 'ACTIVE') return statusInvalid(draft.status);
      if (action === 'charge') this.chargeCycle(draft);
      else this.failCycle(draft);
      return [200, this.present(draft)];
    });
  }

  /**
   * The buyer fixed their payment method at PayPal: the month whose charge failed is paid (one sale of
   * the plan's price, as every charge is), the failures forgotten, and a suspended subscription is
   * active again.
   */
  fixPayment(id: string): Promise<Answer> {
    return this.change(id, (draft) => {
      if (draft.status !== 'ACTIVE' && draft.status !== 'SUSPENDED') {
        return statusInvalid(draft.status);
      }
      const info = draft.body.billing_info as Json;
      const balance = (info.outstanding_balance ?? { value: '0.00' }) as Json;
      // The month whose charge failed is billed now: one sale of the plan's price, the cycle paid.
      if (cents(String(balance.value)) > 0n) this.chargeCycle(draft);
      draft.body = {
        ...draft.body,
        billing_info: {
          ...(draft.body.billing_info as Json),
          outstanding_balance: { currency_code: priceOf(draft.plan).currency_code, value: '0.00' },
          failed_payments_count: 0,
        },
      };
      if (draft.status === 'SUSPENDED') {
        this.setStatus(draft, 'ACTIVE', 'Payment method updated');
        this.emit(draft, 'BILLING.SUBSCRIPTION.ACTIVATED');
      }
      return [200, this.present(draft)];
    });
  }

  // --- Presenting -------------------------------------------------------------------------------------

  /** The subscription as GET shows it: the cycle counts and next bill from the columns, and links. */
  present(row: SubscriptionRow): Json {
    const info = row.body.billing_info as Json;
    const next =
      row.status === 'ACTIVE' && row.billing_anchor
        ? {
            next_billing_time: addMonths(
              new Date(row.billing_anchor),
              row.cycles_billed,
            ).toISOString(),
          }
        : {};
    const links = [
      ...(row.status === 'APPROVAL_PENDING'
        ? [
            {
              href: this.checkout.url(`/webapps/billing/subscriptions?ba_token=${row.id}`),
              rel: 'approve',
              method: 'GET',
            },
          ]
        : []),
      {
        href: this.checkout.url(`/v1/billing/subscriptions/${row.id}`),
        rel: 'edit',
        method: 'PATCH',
      },
      {
        href: this.checkout.url(`/v1/billing/subscriptions/${row.id}`),
        rel: 'self',
        method: 'GET',
      },
    ];
    return {
      ...row.body,
      status: row.status,
      billing_info: {
        ...info,
        cycle_executions: [
          {
            tenure_type: 'REGULAR',
            sequence: 1,
            cycles_completed: row.cycles_billed,
            cycles_remaining: 0,
            total_cycles: 0,
          },
        ],
        ...next,
      },
      links,
    };
  }

  private withLinks(resource: Json, path: string): Json {
    return { ...resource, links: [{ href: this.checkout.url(path), rel: 'self', method: 'GET' }] };
  }

  // --- Changes ----------------------------------------------------------------------------------------

  /**
   * One change of a subscription: its row locked, the change made on a draft, the row and its sales
   * written; then (committed, outside the transaction) the webhook events the change made.
   */
  private async change(id: string, work: (draft: Draft) => Answer): Promise<Answer> {
    const done = await this.em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<(SubscriptionRow & { plan: Json })[]>(
        `select s.id, s.plan_id, s.status, s.body, s.billing_anchor, s.cycles_billed, p.body as plan
           from paypal_simulator_subscription s join paypal_simulator_plan p on p.id = s.plan_id
          where s.id = ? for update of s`,
        [id.slice(0, 32)],
      );
      if (!row) return { answer: [404, notFound()] as Answer, events: [] };
      const draft: Draft = { ...row, now: new Date(), events: [], sales: [] };
      const answer = work(draft);
      if (answer[0] >= 300) return { answer, events: [] };
      draft.body = { ...draft.body, update_time: draft.now.toISOString() };
      await tx.execute(
        `update paypal_simulator_subscription
            set plan_id = ?, status = ?, body = ?, billing_anchor = ?, cycles_billed = ?, updated_at = ?
          where id = ?`,
        [
          draft.plan_id,
          draft.status,
          JSON.stringify(draft.body),
          draft.billing_anchor,
          draft.cycles_billed,
          draft.now,
          draft.id,
        ],
      );
      for (const sale of draft.sales) {
        await tx.execute(
          `insert into paypal_simulator_sale (id, subscription_id, status, amount, currency, fee, created_at)
           values (?, ?, ?, ?, ?, ?, ?)`,
          [sale.id, draft.id, sale.status, sale.amount, sale.currency, sale.fee, draft.now],
        );
      }
      return { answer, events: draft.events };
    });
    for (const [type, resource] of done.events) this.checkout.sendWebhook(type, resource);
    return done.answer;
  }

  private setStatus(draft: Draft, status: SubscriptionStatus, note?: string): void {
    draft.status = status;
    const body: Json = { ...draft.body, status_update_time: draft.now.toISOString() };
    if (note) body.status_change_note = note;
    draft.body = body;
  }

  /** A subscription event whose resource is the subscription as it is now. */
  private emit(draft: Draft, type: string): void {
    draft.events.push([type, this.present(draft)]);
  }

  /** A month billed: a sale of the plan's price; failures and the balance forgotten. */
  private chargeCycle(draft: Draft): void {
    const price = priceOf(draft.plan);
    draft.cycles_billed += 1;
    draft.body = {
      ...draft.body,
      billing_info: {
        ...(draft.body.billing_info as Json),
        outstanding_balance: { currency_code: price.currency_code, value: '0.00' },
        failed_payments_count: 0,
      },
    };
    this.sell(draft, price.value);
  }

  /** A completed sale of `value`: last_payment, and PAYMENT.SALE.COMPLETED. */
  private sell(draft: Draft, value: string): void {
    const { currency_code: currency } = priceOf(draft.plan);
    const sale: Sale = {
      id: newId(),
      status: 'COMPLETED',
      amount: value,
      currency,
      fee: feeOf(value),
    };
    draft.sales.push(sale);
    const time = draft.now.toISOString();
    draft.body = {
      ...draft.body,
      billing_info: {
        ...(draft.body.billing_info as Json),
        last_payment: { status: 'COMPLETED', amount: { currency_code: currency, value }, time },
      },
    };
    draft.events.push([
      'PAYMENT.SALE.COMPLETED',
      {
        id: sale.id,
        state: 'completed',
        amount: { total: value, currency, details: { subtotal: value } },
        payment_mode: 'INSTANT_TRANSFER',
        protection_eligibility: 'ELIGIBLE',
        protection_eligibility_type: 'ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE',
        transaction_fee: { value: sale.fee, currency },
        billing_agreement_id: draft.id,
        ...(draft.body.custom_id === undefined ? {} : { custom: draft.body.custom_id }),
        create_time: time,
        update_time: time,
        links: [
          { href: this.checkout.url(`/v1/payments/sale/${sale.id}`), rel: 'self', method: 'GET' },
          {
            href: this.checkout.url(`/v1/payments/sale/${sale.id}/refund`),
            rel: 'refund',
            method: 'POST',
          },
          {
            href: this.checkout.url(`/v1/billing/subscriptions/${draft.id}`),
            rel: 'parent_payment',
            method: 'GET',
          },
        ],
      },
    ]);
  }

  /** A declined attempt: PAYMENT.FAILED, and SUSPENDED at the plan's threshold. */
  private failCycle(draft: Draft): void {
    const price = priceOf(draft.plan);
    const info = draft.body.billing_info as Json;
    const failed = Number(info.failed_payments_count ?? 0) + 1;
    draft.sales.push({
      id: newId(),
      status: 'DECLINED',
      amount: price.value,
      currency: price.currency_code,
      fee: '0.00',
    });
    draft.body = {
      ...draft.body,
      billing_info: {
        ...info,
        // PayPal's retries are of the same month's charge: it owes one month, however often it failed.
        outstanding_balance: { currency_code: price.currency_code, value: price.value },
        failed_payments_count: failed,
        last_failed_payment: {
          amount: { currency_code: price.currency_code, value: price.value },
          time: draft.now.toISOString(),
          reason_code: 'PAYMENT_DENIED',
        },
      },
    };
    this.emit(draft, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED');
    const threshold = failureThreshold(draft.plan);
    if (threshold > 0 && failed >= threshold) {
      this.setStatus(draft, 'SUSPENDED', 'Suspended after too many failed payments');
      this.emit(draft, 'BILLING.SUBSCRIPTION.SUSPENDED');
    }
  }
}

export const SUBSCRIPTION_APPROVAL_PATH = `${PAYPAL_SIMULATOR_ROOT}/webapps/billing/subscriptions`;
export const SUBSCRIPTIONS_DASHBOARD_PATH = `${PAYPAL_SIMULATOR_ROOT}/billing/subscriptions`;
export const FIX_PAYMENT_PATH = `${PAYPAL_SIMULATOR_ROOT}/myaccount/autopay/connect`;
