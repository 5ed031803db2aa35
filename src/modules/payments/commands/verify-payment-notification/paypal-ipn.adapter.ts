import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import {
  CLUSTER_COUNTERS,
  ClusterCounters,
  type IpnVerificationResult,
} from '../../../../platform/redis/cluster-counters.js';
import type { PaymentNotification } from '../../domain/payment-notification.entity.js';
import type { PaymentReport } from '../../domain/payment-report.js';
import { verifyUrl } from '../../domain/paypal.js';
import type { NotificationAdapter, Verdict } from './notification-adapter.js';

/** PayPal answers within this, or the verification is retried. */
const TIMEOUT_MS = 15_000;

/** IPN messages are form-encoded in the message's charset; the fields read here are ASCII. */
export const ipnFields = (raw: Buffer) => new URLSearchParams(raw.toString('latin1'));

/**
 * Payments Standard's IPN: the message is posted back to PayPal verbatim, prefixed with
 * `cmd=_notify-validate`, and only VERIFIED counts. A completed payment, a refund, a dispute opened
 * (`txn_type=new_case`), PayPal taking the money back (`Reversed`) or returning it
 * (`Canceled_Reversal`) are what it reports.
 */
@Injectable()
export class PaypalIpnAdapter implements NotificationAdapter {
  constructor(
    private readonly counters: ClusterCounters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async verify(notification: PaymentNotification): Promise<Verdict> {
    const url =
      this.config.PAYPAL_IPN_VERIFY_URL ??
      verifyUrl(this.config.PAYPAL_MODE, this.config.PUBLIC_URL);
    let answer: string;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': 'seo-agency-ipn-listener',
        },
        body: Buffer.concat([Buffer.from('cmd=_notify-validate&'), notification.bytes()]),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`PayPal answered HTTP ${response.status}`);
      answer = (await response.text()).trim();
    } catch (error) {
      await this.count('error');
      throw error;
    }
    await this.count(answer === 'VERIFIED' || answer === 'INVALID' ? answer : 'other');
    return answer === 'VERIFIED'
      ? { verified: true }
      : { verified: false, detail: `PayPal answered ${answer || '(nothing)'}` };
  }

  read(notification: PaymentNotification): PaymentReport {
    const fields = ipnFields(notification.bytes());
    const text = (name: string) => fields.get(name) ?? '';
    // The disputed transaction: a case names it as the parent; a reversal as its parent_txn_id.
    const payment = {
      transactionId: text('parent_txn_id') || text('txn_id') || null,
      orderId: notification.orderId ?? null,
    };
    if (text('txn_type') === 'new_case') {
      return {
        kind: 'dispute',
        disputeId: text('case_id'),
        reason: text('reason_code') || text('case_type'),
        amount: text('mc_gross').replace(/^-/, ''),
        currency: text('mc_currency'),
        payment,
      };
    }
    const disputeId = text('case_id') || null;
    switch (text('payment_status')) {
      case 'Reversed':
        return { kind: 'dispute-resolved', disputeId, outcome: 'reversed', payment };
      case 'Canceled_Reversal':
        return { kind: 'dispute-resolved', disputeId, outcome: 'seller', payment };
      default:
        return { kind: 'standard-payment', fields };
    }
  }

  private count(result: IpnVerificationResult): Promise<void> {
    return this.counters.add(CLUSTER_COUNTERS.ipnVerifications(result));
  }
}
