import { EntityManager } from '@mikro-orm/postgresql';
import {
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CheckoutPaymentIntent,
  type Order as PaypalOrder,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from '@paypal/paypal-server-sdk';
import { formatMoney, type Order, ORDER_TEXTS } from '../../../contracts/orders.js';
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
import {
  FindOrderQuery,
  HoldOrderForCaptureCommand,
  isPayable,
  isRefundable,
  ReleaseCaptureHoldCommand,
} from '../../orders/index.js';
import { PaymentAccounts } from '../domain/payment-accounts.js';
import { PaymentRefunded, PaymentRejected, PaymentVerified } from '../domain/payments.events.js';
import { checkCapture, type ReportedCapture } from '../domain/paypal.js';
import { paypalFailure, PaypalRest } from './paypal-rest.js';

export type CaptureSource = 'capture' | 'webhook' | 'reconciliation';

interface UnappliedRow {
  id: string;
  order_id: string;
  channel: 'checkout' | 'standard';
  reference: string;
  amount: string;
  reason: string;
  status: 'needs_attention' | 'refunding' | 'refunded';
  refund_id: string | null;
  detail: string | null;
  received_at: Date;
}

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
  /** The last capture of the buyer's approval was declined (cleared by a capture that succeeds). */
  declined_at: Date | null;
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
    private readonly commandBus: CommandBus,
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
         capture_id = null, detail = null, declined_at = null, created_at = now(), updated_at = now()
       where paypal_order.generation < excluded.generation`,
      [order._id, paypalOrderId, generation],
    );
    return { paypalOrderId };
  }

  /**
   * The buyer approved at PayPal: capture, and settle what PayPal answers. The order is held for the
   * capture: a cancel that came first makes this a 409 naming why, one that comes later gets the 409.
   */
  async captureFor(orderId: string, customerEmail: string): Promise<CaptureResult> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (order.paymentStatus === 'Paid') return result('paid');
    if (!isPayable(order)) throw new ConflictException(PAYMENT_TEXTS.notPayable);
    const row = await this.row(order._id);
    if (!row) throw new ConflictException('This order has no PayPal payment to complete yet.');
    let hold: string;
    try {
      hold = await this.commandBus.execute(new HoldOrderForCaptureCommand(order._id));
    } catch (error) {
      // The webhook's capture of the same approval made it Paid a moment ago: that is the answer.
      const now = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
      if (now?.paymentStatus === 'Paid') return result('paid');
      throw error;
    }
    const settled = await this.captureHeld(row, 'capture', hold);
    if (settled === 'declined') return result('declined');
    return toCaptureResult(settled);
  }

  /**
   * Captures while the order is held. The hold ends when no money was taken (declined, refused,
   * PayPal out of reach, a mismatch); a paid or pending capture keeps it until the order is Paid (or
   * the hold lapses), so nothing can cancel the order between PayPal's answer and our record of it.
   */
  private async captureHeld(
    row: PaypalOrderRow,
    source: CaptureSource,
    hold: string,
  ): Promise<Settled | 'declined'> {
    let settled: Settled | 'declined' | undefined;
    try {
      settled = await this.capture(row, source);
      return settled;
    } finally {
      if (!settled || settled === 'declined' || settled.outcome === 'review') {
        await this.commandBus
          .execute(new ReleaseCaptureHoldCommand(hold))
          .catch((error: unknown) => {
            this.logger.warn(
              { err: error, orderId: row.order_id },
              'A capture hold lapses instead',
            );
          });
      }
    }
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
               detail = 'PayPal declined the buyer''s payment method', declined_at = now(),
               updated_at = now()
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
        // The other capture of this approval (the webhook's or the buyer's) came first and PayPal
        // declined it: PayPal then wants a new approval, and the buyer must hear 'declined'.
        if ((await this.row(row.order_id))?.declined_at) return 'declined';
        throw new ConflictException('The payment is not approved at PayPal yet.');
      }
      throw toHttpError(error);
    }
  }

  /**
   * Captures an order the buyer approved but nobody captured (a closed tab, a lost answer), unless our
   * order is no longer unpaid (cancelled or paid meanwhile): then its PayPal order is abandoned, and
   * PayPal's approval lapses uncaptured.
   */
  async captureIfPayable(
    row: PaypalOrderRow,
    source: CaptureSource,
  ): Promise<Settled | 'declined' | 'abandoned'> {
    let hold: string;
    try {
      hold = await this.commandBus.execute(new HoldOrderForCaptureCommand(row.order_id));
    } catch (error) {
      if (!(error instanceof ConflictException || error instanceof NotFoundException)) throw error;
      await this.abandon(row, 'the order is no longer unpaid');
      return 'abandoned';
    }
    return this.captureHeld(row, source, hold);
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
          // A second capture (money for an order paid meanwhile) never replaces the order's own.
          await em.execute(
            `update paypal_order set status = 'COMPLETED', capture_id = ?, detail = null,
                declined_at = null, updated_at = now()
              where order_id = ? and status not in ('REFUNDING', 'REFUNDED')
                and (capture_id is null or capture_id = ? or status <> 'COMPLETED')`,
            [check.captureId, order._id, check.captureId],
          );
          if (inserted.length > 0) {
            events.push(
              new PaymentVerified({
                orderId: order._id,
                notificationId,
                txnId: check.captureId,
                amount: check.amount,
                channel: 'checkout',
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

  /**
   * A full refund of the order's capture (admins; Checkout payments only). One refund at a time: the
   * record turns REFUNDING before PayPal is asked, so a second click gets a 409 and writes nothing.
   */
  async refund(orderId: string, actor: AuditActor): Promise<OrderPaypal> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (!isRefundable(order)) throw new ConflictException(PAYMENT_TEXTS.notRefundable);
    const [claimed] = await this.em.fork().execute<{ capture_id: string }[]>(
      `update paypal_order set status = 'REFUNDING', updated_at = now()
        where order_id = ? and status = 'COMPLETED' and capture_id is not null
        returning capture_id`,
      [orderId],
    );
    if (!claimed) {
      const row = await this.row(orderId);
      throw new ConflictException(
        row?.status === 'REFUNDING' ? PAYMENT_TEXTS.refundUnderWay : PAYMENT_TEXTS.notRefundable,
      );
    }
    const captureId = claimed.capture_id;
    const refunded = await this.refundAtPaypal(
      captureId,
      `Refund of your ${order.packageName} SEO package`,
      () =>
        this.em.fork().execute(
          `update paypal_order set status = 'COMPLETED', updated_at = now()
            where order_id = ? and status = 'REFUNDING'`,
          [orderId],
        ),
    );
    await this.em.fork().transactional(async (em) => {
      await this.recordRefund(orderId, captureId, refunded.id, refunded.status, em);
      recordAudit(em, actor, {
        kind: 'payment.refunded',
        targetType: 'order',
        targetId: orderId,
        summary: `Refund of ${order.packageName} for ${order.customerEmail} (PayPal: ${refunded.status || 'unknown'})`,
        before: { paymentStatus: order.paymentStatus, paypalStatus: 'COMPLETED' },
        after: {
          paypalStatus: refunded.status === 'COMPLETED' ? 'REFUNDED' : 'REFUNDING',
          refundId: refunded.id,
        },
      });
    });
    return this.view(orderId);
  }

  /**
   * Refunds a payment that arrived for an order that was not unpaid (see OrderPaymentNotApplied): a
   * Checkout capture through PayPal's API, once (a second click gets a 409). A Payments Standard
   * transaction has no API here: the admin refunds it in PayPal, and PayPal's IPN records it.
   */
  async refundUnapplied(
    orderId: string,
    paymentId: string,
    actor: AuditActor,
  ): Promise<OrderPaypal> {
    const [payment] = await this.em
      .fork()
      .execute<UnappliedRow[]>('select * from unapplied_payment where id = ? and order_id = ?', [
        paymentId,
        orderId,
      ]);
    if (!payment) throw new NotFoundException(PAYMENT_TEXTS.noSuchPayment);
    if (payment.channel !== 'checkout') {
      throw new ConflictException(PAYMENT_TEXTS.refundInPaypal(payment.reference));
    }
    const [claimed] = await this.em.fork().execute<{ id: string }[]>(
      `update unapplied_payment set status = 'refunding', updated_at = now()
        where id = ? and status = 'needs_attention' returning id`,
      [paymentId],
    );
    if (!claimed) {
      throw new ConflictException(
        payment.status === 'refunded'
          ? PAYMENT_TEXTS.refundedAlready
          : PAYMENT_TEXTS.refundUnderWay,
      );
    }
    const refunded = await this.refundAtPaypal(
      payment.reference,
      'Refund of a payment your order did not need',
      () =>
        this.em.fork().execute(
          `update unapplied_payment set status = 'needs_attention', updated_at = now()
            where id = ? and status = 'refunding'`,
          [paymentId],
        ),
    );
    await this.em.fork().transactional(async (em) => {
      await this.recordUnappliedRefund(payment.reference, refunded.id, refunded.status, em);
      recordAudit(em, actor, {
        kind: 'payment.refunded',
        targetType: 'order',
        targetId: orderId,
        summary: `Refund of an unapplied payment of ${formatMoney(payment.amount)} (${payment.reference}) (PayPal: ${refunded.status || 'unknown'})`,
        before: { unappliedPayment: payment.reference, status: 'needs_attention' },
        after: {
          status: refunded.status === 'COMPLETED' ? 'refunded' : 'refunding',
          refundId: refunded.id,
        },
      });
    });
    return this.view(orderId);
  }

  /** Asks PayPal for a full refund of a capture; `undo` gives the claim back when PayPal refused. */
  private async refundAtPaypal(
    captureId: string,
    noteToPayer: string,
    undo: () => Promise<unknown>,
  ): Promise<{ id: string; status: string }> {
    try {
      const refunded = await this.call(() =>
        this.rest.payments.refundCapturedPayment({
          captureId,
          paypalRequestId: `seo-refund-${captureId}`,
          prefer: 'return=representation',
          body: { noteToPayer },
        }),
      );
      return { id: refunded.result.id ?? '', status: refunded.result.status ?? '' };
    } catch (error) {
      await undo();
      throw error;
    }
  }

  /**
   * A refund PayPal reports (the refund answer or a webhook): the order becomes Refunded once, and only
   * for the order's own capture.
   */
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
          `update paypal_order set refund_id = ?, detail = ?, updated_at = now()
            where order_id = ? and capture_id = ?`,
          [refundId, `PayPal reports the refund as ${status || 'unknown'}`, orderId, captureId],
        );
        return;
      }
      const refunded = await em.execute<{ order_id: string }[]>(
        `update paypal_order set status = 'REFUNDED', refund_id = ?, detail = null, updated_at = now()
          where order_id = ? and capture_id = ? and status <> 'REFUNDED' returning order_id`,
        [refundId, orderId, captureId],
      );
      if (refunded.length > 0) {
        await this.outbox.commit(em, [new PaymentRefunded({ orderId, captureId, refundId })]);
      }
    };
    await (tx ? work(tx) : this.em.fork().transactional(work));
  }

  /** A refund of an unapplied payment, as PayPal reports it; false when `captureId` is none of them. */
  async recordUnappliedRefund(
    captureId: string,
    refundId: string,
    status: string,
    em: EntityManager,
  ): Promise<boolean> {
    const updated = await em.execute<{ id: string }[]>(
      `update unapplied_payment set refund_id = ?, updated_at = now(),
          status = case when ? = 'COMPLETED' then 'refunded' else 'refunding' end,
          detail = case when ? = 'COMPLETED' then null else ? end
        where reference = ? and status <> 'refunded' returning id`,
      [refundId, status, status, `PayPal reports the refund as ${status || 'unknown'}`, captureId],
    );
    if (updated.length > 0) return true;
    const known = await em.execute<{ id: string }[]>(
      'select id from unapplied_payment where reference = ?',
      [captureId],
    );
    return known.length > 0;
  }

  /** The order's PayPal Checkout record and the payments it did not need, for the admins. */
  async view(orderId: string): Promise<OrderPaypal> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    const em = this.em.fork();
    const row = await this.row(orderId, em);
    const unapplied = await em.execute<UnappliedRow[]>(
      'select * from unapplied_payment where order_id = ? order by received_at, id',
      [orderId],
    );
    return {
      integration: this.rest.settings.integration,
      paypalOrderId: row?.paypal_order_id ?? null,
      status: row?.status ?? null,
      captureId: row?.capture_id ?? null,
      refundId: row?.refund_id ?? null,
      detail: row?.detail ?? null,
      refundable: isRefundable(order) && row?.status === 'COMPLETED',
      unappliedPayments: unapplied.map((payment) => ({
        _id: payment.id,
        channel: payment.channel,
        reference: payment.reference,
        amount: payment.amount,
        reason: payment.reason,
        status: payment.status,
        refundId: payment.refund_id,
        detail: payment.detail,
        receivedAt: new Date(payment.received_at).toISOString(),
        refundable: payment.channel === 'checkout' && payment.status === 'needs_attention',
      })),
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
    if (!isPayable(order)) throw new ConflictException(PAYMENT_TEXTS.notPayable);
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
