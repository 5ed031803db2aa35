import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { isUuid } from '../../../contracts/ids.js';
import type { NotificationResult } from '../../../contracts/payments.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { PaymentReversed } from '../domain/payments.events.js';
import { sameAmount } from '../domain/paypal.js';
import { PaypalCheckout, type PaypalOrderRow, type Settled } from '../paypal/paypal-checkout.js';
import { PaypalRest } from '../paypal/paypal-rest.js';

type Row = { raw: Buffer; headers: Record<string, string> | null; result: NotificationResult };

interface Money {
  value?: string;
  currency_code?: string;
}
interface WebhookEvent {
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    amount?: Money;
    custom_id?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { rel?: string; href?: string }[];
  };
}

type Outcome = { result: NotificationResult; detail: string | null; orderId?: string | null };

/**
 * Verifies one stored PayPal webhook event in the worker: PayPal must confirm its signature
 * (verify-webhook-signature with PAYPAL_WEBHOOK_ID); only then is it applied. A completed capture is
 * settled through the same rules and ledger as the capture answer (applied once, whoever is first); a
 * pending one waits; denied, refunded and reversed captures are recorded on the order; an approved
 * order whose buyer closed the tab before the capture is captured here. An unverifiable event changes
 * nothing and is kept, marked invalid, for the admins. PayPal unreachable: retried with backoff.
 */
@Injectable()
@HandlesDomainEvent('PaymentWebhookReceived')
export class VerifyPaymentWebhook implements DomainEventHandler<'PaymentWebhookReceived'> {
  private readonly logger = new Logger(VerifyPaymentWebhook.name);

  constructor(
    private readonly em: EntityManager,
    private readonly rest: PaypalRest,
    private readonly checkout: PaypalCheckout,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async handle(event: DomainEventJob<'PaymentWebhookReceived'>, tx: EntityManager): Promise<void> {
    const { notificationId } = event.payload;
    const [row] = await tx.execute<Row[]>(
      'select raw, headers, result from payment_notification where id = ?',
      [notificationId],
    );
    if (!row || (row.result !== 'pending' && row.result !== 'failed')) return;
    const webhook = JSON.parse(row.raw.toString('utf8')) as WebhookEvent;
    const verified = await this.verify(notificationId, row.headers ?? {}, webhook);
    const outcome = verified
      ? await this.apply(tx, webhook, notificationId)
      : { result: 'invalid' as const, detail: 'PayPal did not confirm the signature: ignored' };
    await tx.execute(
      `update payment_notification set result = ?, detail = ?, verified_at = now(),
         order_id = coalesce(?, order_id) where id = ?`,
      [outcome.result, outcome.detail, outcome.orderId ?? null, notificationId],
    );
  }

  private async apply(
    tx: EntityManager,
    webhook: WebhookEvent,
    notificationId: string,
  ): Promise<Outcome> {
    const resource = webhook.resource ?? {};
    switch (webhook.event_type) {
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING': {
        const row = await this.orderOfCapture(tx, resource);
        if (!row) return { result: 'mismatch', detail: 'The capture names no order of ours' };
        const settled = await this.checkout.settleCapture(
          row.order_id,
          {
            captureId: resource.id ?? '',
            status: resource.status ?? '',
            amount: resource.amount?.value ?? '',
            currency: resource.amount?.currency_code ?? '',
            payee: null,
          },
          'webhook',
          notificationId,
          tx,
        );
        return { ...fromSettled(settled), orderId: row.order_id };
      }
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        const captureId =
          webhook.event_type === 'PAYMENT.CAPTURE.DENIED' ? resource.id : upLink(resource);
        const orderId = await this.orderOfCaptureId(tx, captureId, resource);
        if (!orderId) return { result: 'mismatch', detail: 'The capture names no order of ours' };
        const paymentStatus =
          webhook.event_type === 'PAYMENT.CAPTURE.DENIED' ? 'Denied' : 'Reversed';
        if (paymentStatus === 'Denied') {
          // The payment failed: the order stays unpaid, and the customer may pay again.
          await tx.execute(
            `update paypal_order set status = 'ABANDONED', detail = 'PayPal denied the capture',
               updated_at = now() where order_id = ? and status in ('CREATED', 'APPROVED', 'PENDING')`,
            [orderId],
          );
        }
        await this.outbox.commit(tx, [
          new PaymentReversed({ orderId, notificationId, paymentStatus }),
        ]);
        return {
          result: 'recorded',
          detail: `PayPal reported the capture ${paymentStatus}`,
          orderId,
        };
      }
      case 'PAYMENT.CAPTURE.REFUNDED': {
        const captureId = upLink(resource);
        if (
          captureId &&
          (await this.checkout.recordUnappliedRefund(
            captureId,
            resource.id ?? '',
            resource.status ?? '',
            tx,
          ))
        ) {
          return {
            result: 'recorded',
            detail: 'PayPal reported the refund of an unapplied payment',
          };
        }
        const orderId = await this.orderOfCaptureId(tx, captureId, resource);
        if (!orderId || !captureId) {
          return { result: 'mismatch', detail: 'The refund names no capture of ours' };
        }
        const [applied] = await tx.execute<{ amount: string }[]>(
          'select amount from payment_capture where capture_id = ?',
          [captureId],
        );
        const refunded = resource.amount?.value ?? '';
        if (applied && !sameAmount(refunded, applied.amount)) {
          // A partial refund (made in PayPal's dashboard): recorded on the order, which stays Paid.
          await this.outbox.commit(tx, [
            new PaymentReversed({
              orderId,
              notificationId,
              paymentStatus: `Partially refunded (${refunded} of ${applied.amount})`,
            }),
          ]);
          return {
            result: 'recorded',
            detail: `PayPal reported a partial refund of ${refunded}`,
            orderId,
          };
        }
        await this.checkout.recordRefund(
          orderId,
          captureId,
          resource.id ?? '',
          resource.status ?? '',
          tx,
        );
        return { result: 'recorded', detail: 'PayPal reported a refund', orderId };
      }
      case 'CHECKOUT.ORDER.APPROVED': {
        const row = resource.id ? await this.checkout.rowByPaypalId(resource.id, tx) : null;
        if (!row) return { result: 'mismatch', detail: 'The PayPal order is not one of ours' };
        if (row.status !== 'CREATED' && row.status !== 'APPROVED') {
          return {
            result: 'recorded',
            detail: `Already ${row.status.toLowerCase()}`,
            orderId: row.order_id,
          };
        }
        // The buyer approved but the capture never came (a closed tab): capture it now.
        // Its own transaction: a retry of this event finds the capture applied (same request id).
        const settled = await this.checkout.captureIfPayable(row, 'webhook');
        return { ...fromSettled(settled), orderId: row.order_id };
      }
      default:
        return {
          result: 'recorded',
          detail: `Nothing to do for ${webhook.event_type ?? 'an unnamed event'}`,
        };
    }
  }

  /** Our PayPal order of a capture: by PayPal's order id, else by the custom id we gave it. */
  private async orderOfCapture(
    tx: EntityManager,
    resource: NonNullable<WebhookEvent['resource']>,
  ): Promise<PaypalOrderRow | null> {
    const paypalOrderId = resource.supplementary_data?.related_ids?.order_id;
    if (paypalOrderId) return this.checkout.rowByPaypalId(paypalOrderId, tx);
    return resource.custom_id && isUuid(resource.custom_id)
      ? this.checkout.row(resource.custom_id, tx)
      : null;
  }

  private async orderOfCaptureId(
    tx: EntityManager,
    captureId: string | undefined,
    resource: NonNullable<WebhookEvent['resource']>,
  ): Promise<string | null> {
    if (captureId) {
      const [applied] = await tx.execute<{ order_id: string }[]>(
        `select order_id from payment_capture where capture_id = ?
         union all select order_id from paypal_order where capture_id = ? limit 1`,
        [captureId, captureId],
      );
      if (applied) return applied.order_id;
    }
    return (await this.orderOfCapture(tx, resource))?.order_id ?? null;
  }

  private async verify(
    id: string,
    headers: Record<string, string>,
    webhook: WebhookEvent,
  ): Promise<boolean> {
    try {
      return await this.rest.verifyWebhookSignature(headers, webhook);
    } catch (error) {
      const detail = `PayPal could not be reached (${error instanceof Error ? error.message : String(error)}); retrying`;
      this.logger.warn({ notificationId: id }, detail);
      await this.em
        .fork()
        .execute(`update payment_notification set result = 'failed', detail = ? where id = ?`, [
          detail,
          id,
        ]);
      throw error;
    }
  }
}

/** The capture a refund or reversal belongs to: its link rel=up ends with the capture id. */
function upLink(resource: NonNullable<WebhookEvent['resource']>): string | undefined {
  const href = resource.links?.find((link) => link.rel === 'up')?.href;
  return href?.split('/').filter(Boolean).at(-1);
}

function fromSettled(settled: Settled | 'declined' | 'abandoned'): Outcome {
  if (settled === 'abandoned') {
    return { result: 'recorded', detail: 'The order is no longer unpaid: not captured' };
  }
  if (settled === 'declined')
    return { result: 'recorded', detail: 'PayPal declined the buyer’s payment method' };
  switch (settled.outcome) {
    case 'paid':
      return settled.applied
        ? { result: 'applied', detail: null }
        : { result: 'duplicate', detail: 'The capture is applied already' };
    case 'pending':
      return { result: 'recorded', detail: 'PayPal holds the payment as pending' };
    case 'review':
      return { result: 'mismatch', detail: settled.reason };
  }
}
