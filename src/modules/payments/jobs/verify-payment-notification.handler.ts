import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import type { DomainEvent } from '../../../platform/outbox/domain-event.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import {
  CLUSTER_COUNTERS,
  ClusterCounters,
  type IpnVerificationResult,
} from '../../../platform/redis/cluster-counters.js';
import { FindOrderQuery } from '../../orders/index.js';
import { PaymentAccounts } from '../domain/payment-accounts.js';
import { PaymentRejected, PaymentReversed, PaymentVerified } from '../domain/payments.events.js';
import { checkIpn, verifyUrl } from '../domain/paypal.js';

type Row = { raw: Buffer; result: string };

/**
 * Verifies one stored IPN message in the worker: posts it back to PayPal verbatim, prefixed with
 * `cmd=_notify-validate`, and only on VERIFIED checks it against the order and the receiving e-mail.
 * A match is applied once (the applied txn_id is unique in PostgreSQL); a mismatch is flagged for the
 * admins; INVALID is recorded and changes nothing. PayPal unreachable: the job fails and is retried
 * with backoff; the message shows why meanwhile, and the outbox row ends failed after the last try.
 */
@Injectable()
@HandlesDomainEvent('PaymentNotificationReceived')
export class VerifyPaymentNotification implements DomainEventHandler<'PaymentNotificationReceived'> {
  private readonly logger = new Logger(VerifyPaymentNotification.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly accounts: PaymentAccounts,
    private readonly queryBus: QueryBus,
    private readonly counters: ClusterCounters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(
    event: DomainEventJob<'PaymentNotificationReceived'>,
    tx: EntityManager,
  ): Promise<void> {
    const { notificationId } = event.payload;
    const [row] = await tx.execute<Row[]>(
      'select raw, result from payment_notification where id = ?',
      [notificationId],
    );
    if (!row || (row.result !== 'pending' && row.result !== 'failed')) return;

    const answer = await this.verify(notificationId, row.raw);
    if (answer !== 'VERIFIED') {
      await this.settle(tx, notificationId, 'invalid', `PayPal answered ${answer || '(nothing)'}`);
      return;
    }
    const fields = new URLSearchParams(row.raw.toString('latin1'));
    const custom = fields.get('custom') ?? '';
    const order = await this.queryBus.execute(new FindOrderQuery(custom));
    const receiver = await this.accounts.receivingEmail(tx);
    const check = checkIpn(
      fields,
      order && { id: order._id, packagePrice: order.packagePrice },
      receiver,
    );
    const events: DomainEvent[] = [];
    switch (check.outcome) {
      case 'apply': {
        const [applied] = await tx.execute<{ id: string }[]>(
          `update payment_notification set result = 'applied', detail = null, verified_at = now()
            where id = ? and not exists (
              select 1 from payment_notification where txn_id = ? and result = 'applied')
            returning id`,
          [notificationId, check.txnId],
        );
        if (!applied) {
          await this.settle(
            tx,
            notificationId,
            'duplicate',
            `txn_id ${check.txnId} is already applied`,
          );
          return;
        }
        events.push(new PaymentVerified({ notificationId, ...check, channel: 'standard' }));
        break;
      }
      case 'reversal':
        await this.settle(tx, notificationId, 'recorded', `PayPal reported ${check.paymentStatus}`);
        events.push(
          new PaymentReversed({
            notificationId,
            orderId: check.orderId,
            paymentStatus: check.paymentStatus,
          }),
        );
        break;
      case 'mismatch':
        await this.settle(tx, notificationId, 'mismatch', check.reason);
        events.push(
          new PaymentRejected({ notificationId, orderId: check.orderId, reason: check.reason }),
        );
        break;
    }
    await this.outbox.commit(tx, events);
  }

  private async settle(
    tx: EntityManager,
    id: string,
    result: string,
    detail: string,
  ): Promise<void> {
    await tx.execute(
      'update payment_notification set result = ?, detail = ?, verified_at = now() where id = ?',
      [result, detail, id],
    );
  }

  private count(result: IpnVerificationResult): Promise<void> {
    return this.counters.add(CLUSTER_COUNTERS.ipnVerifications(result));
  }

  /**
   * PayPal's answer (VERIFIED or INVALID), counted for the metrics; throws (so the job is retried)
   * when PayPal cannot be reached.
   */
  private async verify(id: string, raw: Buffer): Promise<string> {
    const url =
      this.config.PAYPAL_IPN_VERIFY_URL ??
      verifyUrl(this.config.PAYPAL_MODE, this.config.PUBLIC_URL);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'seo-agency-ipn-listener',
        },
        body: Buffer.concat([Buffer.from('cmd=_notify-validate&'), raw]),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`PayPal answered HTTP ${response.status}`);
      const answer = (await response.text()).trim();
      await this.count(answer === 'VERIFIED' || answer === 'INVALID' ? answer : 'other');
      return answer;
    } catch (error) {
      await this.count('error');
      const detail = `PayPal could not be reached (${error instanceof Error ? error.message : String(error)}); retrying`;
      this.logger.warn({ notificationId: id, url }, detail);
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
