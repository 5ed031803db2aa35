import { EntityManager } from '@mikro-orm/postgresql';
import {
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  CheckoutPaymentIntent,
  type Order as PaypalOrder,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from '@paypal/paypal-server-sdk';
import { type Order, ORDER_TEXTS } from '../../../contracts/orders.js';
import {
  type CaptureResult,
  type OrderPaypal,
  PAYMENT_TEXTS,
  type PaypalOrderCreated,
} from '../../../contracts/payments.js';
import type { AuditActor } from '../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../platform/audit/audit-trail.js';
import type { DomainEvent } from '../../../platform/outbox/domain-event.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { FindOrderQuery } from '../../orders/index.js';
import { PaymentAccounts } from '../domain/payment-accounts.js';
import { PaymentRefunded, PaymentRejected, PaymentVerified } from '../domain/payments.events.js';
import { checkCapture, type ReportedCapture } from '../domain/paypal.js';
import { paypalFailure, PaypalRest } from './paypal-rest.js';

export type CaptureSource = 'capture' | 'webhook' | 'reconciliation';

/** PayPal leaves an unapproved order this long before it lapses. */
const APPROVAL_WINDOW_MS = 3 * 3600_000;

export interface PaypalOrderRow {
  order_id: string;
  paypal_order_id: string;
  generation: number;
  capture_attempt: number;
  status: NonNullable<OrderPaypal['status']>;
  capture_id: string | null;
  refund_id: string | null;
  detail: string | null;
  created_at: Date;
}

/** What settling a capture did, for the capture answer and for the webhook's record. */
export type Settled =
  | { outcome: 'paid'; applied: boolean }
  | { outcome: 'pending' }
  | { outcome: 'review'; reason: string };

/**
 * PayPal Checkout (Orders v2), the second adapter of the payment port beside Payments Standard: creates
 * the PayPal order for one of ours (amount and payee from our records, never from the browser), captures
 * it, refunds it, and settles what PayPal reports through the same rules as IPN (our payee, the exact
 * price, USD), each capture applied once (its id is the primary key of payment_capture), whether the
 * capture answer, a webhook or reconciliation reports it first.
 */
@Injectable()
export class PaypalCheckout {
  private readonly logger = new Logger(PaypalCheckout.name);

  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
    private readonly outbox: TransactionalOutbox,
    private readonly accounts: PaymentAccounts,
    private readonly queryBus: QueryBus,
  ) {}

  /** Creates (or finds) the PayPal order of the customer's unpaid order. */
  async createFor(orderId: string, customerEmail: string): Promise<PaypalOrderCreated> {
    const order = await this.ownUnpaidOrder(orderId, customerEmail);
    const receiver = await this.accounts.receivingEmail();
    if (!receiver) throw new ConflictException(PAYMENT_TEXTS.notSetUp);
    const row = await this.row(order._id);
    if (row && (row.status === 'CREATED' || row.status === 'APPROVED')) {
      return { paypalOrderId: row.paypal_order_id };
    }
    if (row?.status === 'REVIEW') throw new ConflictException(PAYMENT_TEXTS.review);
    if (row && row.status !== 'ABANDONED') throw new ConflictException(PAYMENT_TEXTS.pending);
    const generation = (row?.generation ?? 0) + 1;
    const created = await this.call(() =>
      this.rest.orders.createOrder({
        // A retried create (a double click, a timeout) gives back the same PayPal order.
        paypalRequestId: `seo-order-${order._id}-${generation}`,
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: order._id,
              customId: order._id,
              invoiceId: order._id,
              description: `${order.packageName} SEO package`,
              amount: { currencyCode: 'USD', value: order.packagePrice },
              payee: { emailAddress: receiver },
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                userAction: PaypalExperienceUserAction.PayNow,
              },
            },
          },
        },
      }),
    );
    const paypalOrderId = created.result.id;
    if (!paypalOrderId) throw new ServiceUnavailableException(PAYMENT_TEXTS.paypalUnavailable);
    await this.em.fork().execute(
      `insert into paypal_order (order_id, paypal_order_id, generation, status, created_at, updated_at)
       values (?, ?, ?, 'CREATED', now(), now())
       on conflict (order_id) do update set paypal_order_id = excluded.paypal_order_id,
         generation = excluded.generation, capture_attempt = 1, status = 'CREATED',
         capture_id = null, detail = null, created_at = now(), updated_at = now()
       where paypal_order.generation < excluded.generation`,
      [order._id, paypalOrderId, generation],
    );
    return { paypalOrderId };
  }

  /** The buyer approved at PayPal: capture, and settle what PayPal answers. */
  async captureFor(orderId: string, customerEmail: string): Promise<CaptureResult> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (order.paymentStatus === 'Paid') return result('paid');
    if (order.paymentStatus !== 'UnPaid') throw new ConflictException(PAYMENT_TEXTS.notPayable);
    const row = await this.row(order._id);
    if (!row) throw new ConflictException('This order has no PayPal payment to complete yet.');
    const settled = await this.capture(row, 'capture');
    if (settled === 'declined') return result('declined');
    return toCaptureResult(settled);
  }

  /**
   * Captures the PayPal order of `row`; 'declined' when PayPal declined the buyer's instrument (the
   * buyer may choose another). A PayPal order captured already is looked up and settled instead.
   */
  async capture(row: PaypalOrderRow, source: CaptureSource): Promise<Settled | 'declined'> {
    try {
      const captured = await this.rest.orders.captureOrder({
        id: row.paypal_order_id,
        paypalRequestId: `seo-capture-${row.paypal_order_id}-${row.capture_attempt}`,
        prefer: 'return=representation',
      });
      return await this.settleOrder(row, captured.result, source);
    } catch (error) {
      const failure = paypalFailure(error);
      if (failure?.issues.includes('INSTRUMENT_DECLINED')) {
        await this.em.fork().execute(
          `update paypal_order set capture_attempt = capture_attempt + 1, status = 'CREATED',
               detail = 'PayPal declined the buyer''s payment method', updated_at = now()
             where order_id = ? and capture_attempt = ?`,
          [row.order_id, row.capture_attempt],
        );
        return 'declined';
      }
      if (failure?.issues.includes('ORDER_ALREADY_CAPTURED')) {
        const found = await this.call(() => this.rest.orders.getOrder({ id: row.paypal_order_id }));
        return this.settleOrder(row, found.result, source);
      }
      if (failure?.issues.includes('ORDER_NOT_APPROVED')) {
        throw new ConflictException('The payment is not approved at PayPal yet.');
      }
      throw toHttpError(error);
    }
  }

  /**
   * Captures an order the buyer approved but nobody captured (a closed tab, a lost answer), unless our
   * order is no longer unpaid (cancelled or paid meanwhile): then its PayPal order is abandoned.
   */
  async captureIfPayable(
    row: PaypalOrderRow,
    source: CaptureSource,
  ): Promise<Settled | 'declined' | 'abandoned'> {
    const order = await this.queryBus.execute(new FindOrderQuery(row.order_id));
    if (order?.paymentStatus !== 'UnPaid') {
      await this.abandon(row, 'the order is no longer unpaid');
      return 'abandoned';
    }
    return this.capture(row, source);
  }

  /** Settles a PayPal order as PayPal reports it (its first purchase unit's capture). */
  async settleOrder(
    row: PaypalOrderRow,
    paypalOrder: PaypalOrder,
    source: CaptureSource,
    tx?: EntityManager,
  ): Promise<Settled> {
    const unit = paypalOrder.purchaseUnits?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!capture?.id) {
      return { outcome: 'review', reason: 'PayPal reported the order without a capture' };
    }
    return this.settleCapture(
      row.order_id,
      {
        captureId: capture.id,
        status: capture.status ?? '',
        amount: capture.amount?.value ?? '',
        currency: capture.amount?.currencyCode ?? '',
        payee: unit?.payee?.emailAddress ?? null,
      },
      source,
      null,
      tx,
    );
  }

  /**
   * Applies a capture to our order, once: PaymentVerified only for the first report of a capture id
   * (the others find it in payment_capture). A mismatch is flagged once, never Paid.
   */
  async settleCapture(
    orderId: string,
    capture: ReportedCapture,
    source: CaptureSource,
    notificationId: string | null,
    tx?: EntityManager,
  ): Promise<Settled> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId));
    if (!order) return { outcome: 'review', reason: 'the capture names no order of ours' };
    const work = async (em: EntityManager): Promise<Settled> => {
      const receiver = await this.accounts.receivingEmail(em);
      const check = checkCapture(
        capture,
        { id: order._id, packagePrice: order.packagePrice },
        receiver,
      );
      const events: DomainEvent[] = [];
      let settled: Settled;
      switch (check.outcome) {
        case 'apply': {
          const inserted = await em.execute<{ capture_id: string }[]>(
            `insert into payment_capture (capture_id, order_id, amount, source, applied_at)
             values (?, ?, ?, ?, now()) on conflict do nothing returning capture_id`,
            [check.captureId, order._id, check.amount, source],
          );
          await em.execute(
            `update paypal_order set status = 'COMPLETED', capture_id = ?, detail = null, updated_at = now()
              where order_id = ? and status not in ('REFUNDED')`,
            [check.captureId, order._id],
          );
          if (inserted.length > 0) {
            events.push(
              new PaymentVerified({
                orderId: order._id,
                notificationId,
                txnId: check.captureId,
                amount: check.amount,
              }),
            );
          }
          settled = { outcome: 'paid', applied: inserted.length > 0 };
          break;
        }
        case 'pending':
          await em.execute(
            `update paypal_order set status = 'PENDING', capture_id = ?,
               detail = 'PayPal holds the payment as pending', updated_at = now()
             where order_id = ? and status in ('CREATED', 'APPROVED', 'PENDING')`,
            [capture.captureId, order._id],
          );
          settled = { outcome: 'pending' };
          break;
        case 'mismatch': {
          const flagged = await em.execute<{ order_id: string }[]>(
            `update paypal_order set status = 'REVIEW', capture_id = ?, detail = ?, updated_at = now()
              where order_id = ? and status <> 'REVIEW' returning order_id`,
            [capture.captureId, check.reason, order._id],
          );
          if (flagged.length > 0) {
            events.push(
              new PaymentRejected({ orderId: order._id, notificationId, reason: check.reason }),
            );
          }
          settled = { outcome: 'review', reason: check.reason };
          break;
        }
      }
      await this.outbox.commit(em, events);
      return settled;
    };
    return tx ? work(tx) : this.em.fork().transactional(work);
  }

  /** A full refund of the order's capture (admins; Checkout payments only). */
  async refund(orderId: string, actor: AuditActor): Promise<OrderPaypal> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    const row = await this.row(orderId);
    if (order.paymentStatus !== 'Paid' || !row?.capture_id || row.status !== 'COMPLETED') {
      throw new ConflictException(PAYMENT_TEXTS.notRefundable);
    }
    const captureId = row.capture_id;
    const refunded = await this.call(() =>
      this.rest.payments.refundCapturedPayment({
        captureId,
        paypalRequestId: `seo-refund-${captureId}`,
        prefer: 'return=representation',
        body: { noteToPayer: `Refund of your ${order.packageName} SEO package` },
      }),
    );
    const refundId = refunded.result.id ?? '';
    const status = refunded.result.status ?? '';
    await this.em.fork().transactional(async (em) => {
      await this.recordRefund(orderId, captureId, refundId, status, em);
      recordAudit(em, actor, {
        kind: 'payment.refunded',
        targetType: 'order',
        targetId: orderId,
        summary: `Refund of ${order.packageName} for ${order.customerEmail} (PayPal: ${status || 'unknown'})`,
        before: { paymentStatus: order.paymentStatus, paypalStatus: row.status },
        after: { paypalStatus: status === 'COMPLETED' ? 'REFUNDED' : row.status, refundId },
      });
    });
    return this.view(orderId);
  }

  /** A refund PayPal reports (the refund answer or a webhook): the order becomes Refunded once. */
  async recordRefund(
    orderId: string,
    captureId: string,
    refundId: string,
    status: string,
    tx?: EntityManager,
  ): Promise<void> {
    const work = async (em: EntityManager) => {
      if (status !== 'COMPLETED') {
        await em.execute(
          `update paypal_order set refund_id = ?, detail = ?, updated_at = now() where order_id = ?`,
          [refundId, `PayPal reports the refund as ${status || 'unknown'}`, orderId],
        );
        return;
      }
      await em.execute(
        `update paypal_order set status = 'REFUNDED', refund_id = ?, detail = null, updated_at = now()
          where order_id = ?`,
        [refundId, orderId],
      );
      await this.outbox.commit(em, [new PaymentRefunded({ orderId, captureId, refundId })]);
    };
    await (tx ? work(tx) : this.em.fork().transactional(work));
  }

  /** The order's PayPal Checkout record, for the admins. */
  async view(orderId: string): Promise<OrderPaypal> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    const row = await this.row(orderId);
    return {
      integration: this.rest.settings.integration,
      paypalOrderId: row?.paypal_order_id ?? null,
      status: row?.status ?? null,
      captureId: row?.capture_id ?? null,
      refundId: row?.refund_id ?? null,
      detail: row?.detail ?? null,
      refundable: order.paymentStatus === 'Paid' && row?.status === 'COMPLETED',
    };
  }

  /**
   * Finishes what a lost webhook or a closed tab left open: each PayPal order created but not captured
   * for PAYPAL_RECONCILE_AFTER_MS is looked up; approved ones are captured, completed ones settled,
   * voided or lapsed ones marked abandoned (the customer can pay again). Returns how many it changed.
   */
  async reconcile(olderThanMs: number): Promise<number> {
    const rows = await this.em.fork().execute<PaypalOrderRow[]>(
      `select * from paypal_order
        where status in ('CREATED', 'APPROVED', 'PENDING')
          and updated_at < now() - make_interval(secs => ?)
        order by updated_at limit 50`,
      [olderThanMs / 1000],
    );
    let changed = 0;
    for (const row of rows) {
      try {
        if (await this.reconcileOne(row)) changed++;
      } catch (error) {
        this.logger.warn(
          { err: error, orderId: row.order_id },
          'Reconciliation of a PayPal order failed',
        );
      }
    }
    return changed;
  }

  private async reconcileOne(row: PaypalOrderRow): Promise<boolean> {
    let found: PaypalOrder;
    try {
      found = (await this.rest.orders.getOrder({ id: row.paypal_order_id })).result;
    } catch (error) {
      if (paypalFailure(error)?.status === 404)
        return this.abandon(row, 'PayPal no longer knows it');
      throw error;
    }
    switch (found.status) {
      case 'APPROVED':
        await this.captureIfPayable(row, 'reconciliation');
        return true;
      case 'COMPLETED':
        await this.settleOrder(row, found, 'reconciliation');
        return true;
      case 'VOIDED':
        return this.abandon(row, 'PayPal voided it');
      default: {
        const lapsed = Date.now() - new Date(row.created_at).getTime() > APPROVAL_WINDOW_MS;
        if (lapsed) return this.abandon(row, 'the buyer never approved it');
        await this.em
          .fork()
          .execute('update paypal_order set updated_at = now() where order_id = ?', [row.order_id]);
        return false;
      }
    }
  }

  private async abandon(row: PaypalOrderRow, why: string): Promise<boolean> {
    await this.em.fork().execute(
      `update paypal_order set status = 'ABANDONED', detail = ?, updated_at = now()
        where order_id = ? and status in ('CREATED', 'APPROVED')`,
      [`Abandoned: ${why}`, row.order_id],
    );
    return true;
  }

  async row(orderId: string, em: EntityManager = this.em.fork()): Promise<PaypalOrderRow | null> {
    const [row] = await em.execute<PaypalOrderRow[]>(
      'select * from paypal_order where order_id = ?',
      [orderId],
    );
    return row ?? null;
  }

  async rowByPaypalId(
    paypalOrderId: string,
    em: EntityManager = this.em.fork(),
  ): Promise<PaypalOrderRow | null> {
    const [row] = await em.execute<PaypalOrderRow[]>(
      'select * from paypal_order where paypal_order_id = ?',
      [paypalOrderId],
    );
    return row ?? null;
  }

  private async ownUnpaidOrder(orderId: string, customerEmail: string): Promise<Order> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (order.paymentStatus !== 'UnPaid') throw new ConflictException(PAYMENT_TEXTS.notPayable);
    return order;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toHttpError(error);
    }
  }
}

function result(outcome: CaptureResult['outcome']): CaptureResult {
  return { outcome, message: PAYMENT_TEXTS[outcome] };
}

function toCaptureResult(settled: Settled): CaptureResult {
  return result(settled.outcome);
}

/** PayPal's refusals are 409s naming PayPal's reason; PayPal out of reach is a 503 (try again). */
function toHttpError(error: unknown): Error {
  const failure = paypalFailure(error);
  if (failure && failure.status < 500) {
    const why = failure.issues.length > 0 ? failure.issues.join(', ') : failure.name;
    return new ConflictException(`PayPal refused the request (${why || failure.status}).`);
  }
  Logger.warn({ err: error }, 'PayPal could not be reached', PaypalCheckout.name);
  return new ServiceUnavailableException(PAYMENT_TEXTS.paypalUnavailable);
}
