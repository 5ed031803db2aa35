import { randomBytes, randomInt } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { CheckoutSimulator } from '../checkout/checkout-simulator.js';
import type { StandardSimulator } from '../standard/standard-simulator.js';

type Json = Record<string, unknown>;

/** The buyer's reasons the simulator offers (PayPal's Disputes API codes), with the IPN's reason_code. */
export const DISPUTE_REASONS = {
  MERCHANDISE_OR_SERVICE_NOT_RECEIVED: 'non_receipt',
  MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED: 'not_as_described',
  UNAUTHORISED: 'unauthorized_claim',
  OTHER: 'other',
} as const;
export type DisputeReason = keyof typeof DISPUTE_REASONS;
const REASONS = Object.keys(DISPUTE_REASONS) as [DisputeReason, ...DisputeReason[]];

/** PayPal's ids: captures and Standard transactions are 17 capitals and digits. */
const transactionId = z.string().regex(/^[A-Z0-9]{1,32}$/, 'not a PayPal transaction id');

/** Opening a dispute (the buyer's side, which PayPal's API does not offer: the simulator's own call). */
export const openDisputeSchema = z.strictObject({
  transaction_id: transactionId,
  reason: z.enum(REASONS).default('MERCHANDISE_OR_SERVICE_NOT_RECEIVED'),
  /** Part of the payment; all of it when not given. */
  amount: z
    .string()
    .regex(/^\d{1,10}\.\d{2}$/, 'an amount with two decimals')
    .optional(),
});
export type OpenDispute = z.output<typeof openDisputeSchema>;

/** PayPal's sandbox call that settles a dispute (POST /v1/customer/disputes/{id}/adjudicate). */
export const adjudicateSchema = z.strictObject({
  adjudication_outcome: z.enum(['BUYER_FAVOR', 'SELLER_FAVOR']),
});
export type AdjudicationOutcome = z.output<typeof adjudicateSchema>['adjudication_outcome'];

/** What a call did: the dispute as PayPal's API shows it, or PayPal's error with its status. */
export type DisputeAnswer = [status: number, body: Json];

/** A payment the simulator took that a buyer may dispute. */
export interface DisputablePayment {
  channel: 'checkout' | 'standard';
  transactionId: string;
  amount: string;
  currency: string;
  /** The shop's order (the capture's custom_id, the IPN's custom). */
  custom: string;
  createdAt: string;
}

export interface DisputeRow {
  id: string;
  channel: 'checkout' | 'standard';
  transaction_id: string;
  status: 'OPEN' | 'REVERSED' | 'RESOLVED';
  body: Json;
}

/** A Standard case: the payment's IPN fields and what the buyer claims. */
interface StandardCase {
  case_id: string;
  case_type: 'complaint' | 'chargeback';
  reason: DisputeReason;
  amount: string;
  currency: string;
  payment: Record<string, string>;
}

const cents = (value: string) => {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole ?? '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

function paypalError(status: number, name: string, issue: string, message: string): DisputeAnswer {
  return [
    status,
    {
      name,
      message,
      debug_id: randomBytes(6).toString('hex'),
      details: [{ issue, description: message }],
    },
  ];
}

const notFound = () =>
  paypalError(
    404,
    'RESOURCE_NOT_FOUND',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist.',
  );

/**
 * The simulator's Resolution Center: a buyer's dispute of a payment it took, and its end, reported to
 * the shop exactly as PayPal reports them. PayPal Checkout: signed CUSTOMER.DISPUTE.CREATED, UPDATED
 * (escalated to a claim) and RESOLVED webhooks whose resource is the Disputes API's dispute. Payments
 * Standard: an IPN txn_type=new_case, then payment_status=Reversed (the buyer won: PayPal took the
 * money back) or Canceled_Reversal (the seller won: the money came back), each answered VERIFIED on
 * postback. At most one unresolved dispute per transaction; each change is one conditional statement,
 * and the message goes out after it, outside any transaction.
 */
export class DisputeSimulator {
  constructor(
    private readonly em: EntityManager,
    private readonly checkout: CheckoutSimulator,
    private readonly standard: StandardSimulator,
  ) {}

  /** The latest payments a buyer could dispute, newest first, with whether one is under dispute. */
  async payments(limit = 20): Promise<(DisputablePayment & { disputed: boolean })[]> {
    return this.em.fork().execute(
      `select p.channel, p.transaction_id as "transactionId", p.amount, p.currency, p.custom,
              p.created_at as "createdAt",
              exists (select 1 from paypal_simulator_dispute d
                       where d.transaction_id = p.transaction_id and d.status <> 'RESOLVED') as disputed
         from (select 'checkout' as channel, capture->>'id' as transaction_id,
                      capture->'amount'->>'value' as amount, capture->'amount'->>'currency_code' as currency,
                      coalesce(capture->>'custom_id', '') as custom, updated_at as created_at
                 from paypal_simulator_order where capture->>'status' = 'COMPLETED'
               union all
               select 'standard', txn_id, fields->>'mc_gross', fields->>'mc_currency',
                      coalesce(fields->>'custom', ''), created_at
                 from paypal_simulator_payment) p
        order by p.created_at desc limit ?`,
      [limit],
    );
  }

  /** The disputes, unresolved first, then the latest resolved. */
  async disputes(limit = 20): Promise<DisputeRow[]> {
    return this.em.fork().execute<DisputeRow[]>(
      `select id, channel, transaction_id, status, body from paypal_simulator_dispute
        order by (status = 'RESOLVED'), updated_at desc limit ?`,
      [limit],
    );
  }

  /** GET /v1/customer/disputes/{id}: a Checkout dispute as PayPal's API shows it. */
  async show(id: string): Promise<DisputeAnswer> {
    const row = await this.find(id);
    if (!row || row.channel !== 'checkout') return notFound();
    return [200, row.body];
  }

  /** The buyer opens a dispute of a payment the simulator took. */
  async open(input: OpenDispute): Promise<DisputeAnswer> {
    const payment = await this.payment(input.transaction_id);
    if (!payment) return notFound();
    const amount = input.amount ?? payment.amount;
    if (cents(amount) === 0n || cents(amount) > cents(payment.amount)) {
      return paypalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'INVALID_DISPUTE_AMOUNT',
        `The disputed amount must be more than 0 and at most the payment's ${payment.amount}.`,
      );
    }
    const id = `PP-D-${randomInt(100_000_000, 1_000_000_000)}`;
    const now = new Date().toISOString();
    const standardCase: StandardCase | null =
      payment.channel === 'standard'
        ? {
            case_id: id,
            case_type: input.reason === 'UNAUTHORISED' ? 'chargeback' : 'complaint',
            reason: input.reason,
            amount,
            currency: payment.currency,
            payment: payment.fields,
          }
        : null;
    const body: Json = standardCase
      ? { ...standardCase }
      : this.checkoutDispute(id, input.reason, amount, payment, now);
    const inserted = await this.em.fork().execute<{ id: string }[]>(
      `insert into paypal_simulator_dispute (id, channel, transaction_id, status, body, created_at, updated_at)
       values (?, ?, ?, 'OPEN', ?, now(), now())
       on conflict (transaction_id) where status <> 'RESOLVED' do nothing
       returning id`,
      [id, payment.channel, payment.transactionId, JSON.stringify(body)],
    );
    if (inserted.length === 0) {
      return paypalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'DISPUTE_ALREADY_OPEN',
        'The transaction is already under dispute.',
      );
    }
    if (standardCase) await this.standard.postIpn(newCaseIpn(standardCase));
    else this.checkout.sendWebhook('CUSTOMER.DISPUTE.CREATED', body);
    return [201, this.present({ id, channel: payment.channel, status: 'OPEN', body })];
  }

  /** The buyer escalates a Checkout inquiry to a claim: CUSTOMER.DISPUTE.UPDATED. */
  async escalate(id: string): Promise<DisputeAnswer> {
    const row = await this.find(id);
    if (!row) return notFound();
    if (row.channel !== 'checkout') {
      return paypalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'NOT_SUPPORTED',
        'A Payments Standard case is not escalated through this call.',
      );
    }
    const body: Json = {
      ...row.body,
      status: 'UNDER_REVIEW',
      dispute_life_cycle_stage: 'CHARGEBACK',
      update_time: new Date().toISOString(),
    };
    const updated = await this.change(row, 'OPEN', 'OPEN', body);
    if (!updated) return this.notOpen(id);
    this.checkout.sendWebhook('CUSTOMER.DISPUTE.UPDATED', body);
    return [200, body];
  }

  /**
   * PayPal decides. Checkout: RESOLVED with the outcome (the buyer's favour refunds the disputed
   * amount). Standard: the buyer's favour reverses the payment (Reversed; a reversal already made just
   * stands), the seller's gives it back (Canceled_Reversal).
   */
  async adjudicate(id: string, outcome: AdjudicationOutcome): Promise<DisputeAnswer> {
    const row = await this.find(id);
    if (!row) return notFound();
    const buyer = outcome === 'BUYER_FAVOR';
    if (row.channel === 'checkout') {
      const body: Json = {
        ...row.body,
        status: 'RESOLVED',
        update_time: new Date().toISOString(),
        dispute_outcome: {
          outcome_code: buyer ? 'RESOLVED_BUYER_FAVOUR' : 'RESOLVED_SELLER_FAVOUR',
          ...(buyer ? { amount_refunded: row.body.dispute_amount } : {}),
        },
      };
      if (!(await this.change(row, 'OPEN', 'RESOLVED', body))) return this.notOpen(id);
      this.checkout.sendWebhook('CUSTOMER.DISPUTE.RESOLVED', body);
      return [200, body];
    }
    const standardCase = row.body as unknown as StandardCase;
    if (row.status === 'RESOLVED') return this.notOpen(id);
    const next = buyer ? (row.status === 'OPEN' ? 'REVERSED' : 'RESOLVED') : 'RESOLVED';
    if (!(await this.change(row, row.status, next, row.body))) return this.notOpen(id);
    if (buyer && row.status === 'OPEN') {
      await this.standard.postIpn(reversalIpn(standardCase, 'Reversed'));
    } else if (!buyer) {
      await this.standard.postIpn(reversalIpn(standardCase, 'Canceled_Reversal'));
    }
    return [200, this.present({ ...row, status: next })];
  }

  /** The dispute as the simulator's page and calls show it. */
  present(row: Pick<DisputeRow, 'id' | 'channel' | 'status' | 'body'>): Json {
    if (row.channel === 'checkout') return row.body;
    const standardCase = row.body as unknown as StandardCase;
    return {
      dispute_id: row.id,
      status: row.status,
      reason: standardCase.reason,
      case_type: standardCase.case_type,
      dispute_amount: { currency_code: standardCase.currency, value: standardCase.amount },
      disputed_transactions: [{ seller_transaction_id: standardCase.payment.txn_id }],
    };
  }

  private async find(id: string): Promise<DisputeRow | null> {
    const [row] = await this.em
      .fork()
      .execute<DisputeRow[]>(
        'select id, channel, transaction_id, status, body from paypal_simulator_dispute where id = ?',
        [id.slice(0, 32)],
      );
    return row ?? null;
  }

  /** Moves the dispute from `from` to `to` unless someone else moved it first. */
  private async change(
    row: DisputeRow,
    from: DisputeRow['status'],
    to: DisputeRow['status'],
    body: Json,
  ): Promise<boolean> {
    const changed = await this.em.fork().execute<{ id: string }[]>(
      `update paypal_simulator_dispute set status = ?, body = ?, updated_at = now()
          where id = ? and status = ? returning id`,
      [to, JSON.stringify(body), row.id, from],
    );
    return changed.length === 1;
  }

  private notOpen(id: string): DisputeAnswer {
    return paypalError(
      422,
      'UNPROCESSABLE_ENTITY',
      'DISPUTE_NOT_OPEN',
      `The dispute ${id} is resolved already.`,
    );
  }

  /** A completed Checkout capture or Standard payment the simulator took. */
  private async payment(
    id: string,
  ): Promise<(DisputablePayment & { capture?: Json; fields: Record<string, string> }) | null> {
    const em = this.em.fork();
    const [order] = await em.execute<{ capture: Json; updated_at: string | Date }[]>(
      `select capture, updated_at from paypal_simulator_order
        where capture->>'id' = ? and capture->>'status' = 'COMPLETED'`,
      [id],
    );
    if (order) {
      const amount = order.capture.amount as { value: string; currency_code: string };
      return {
        channel: 'checkout',
        transactionId: id,
        amount: amount.value,
        currency: amount.currency_code,
        custom: String(order.capture.custom_id ?? ''),
        createdAt: new Date(order.updated_at).toISOString(),
        capture: order.capture,
        fields: {},
      };
    }
    const [standard] = await em.execute<
      { fields: Record<string, string>; created_at: string | Date }[]
    >('select fields, created_at from paypal_simulator_payment where txn_id = ?', [id]);
    if (!standard) return null;
    return {
      channel: 'standard',
      transactionId: id,
      amount: standard.fields.mc_gross ?? '0.00',
      currency: standard.fields.mc_currency ?? '',
      custom: standard.fields.custom ?? '',
      createdAt: new Date(standard.created_at).toISOString(),
      fields: standard.fields,
    };
  }

  /** The Disputes API's dispute of a capture (what CUSTOMER.DISPUTE.* webhooks carry). */
  private checkoutDispute(
    id: string,
    reason: DisputeReason,
    amount: string,
    payment: DisputablePayment & { capture?: Json },
    now: string,
  ): Json {
    const capture = payment.capture ?? {};
    const currency = payment.currency;
    return {
      dispute_id: id,
      create_time: now,
      update_time: now,
      disputed_transactions: [
        {
          buyer_transaction_id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
          seller_transaction_id: payment.transactionId,
          create_time: capture.create_time ?? payment.createdAt,
          transaction_status: 'COMPLETED',
          gross_amount: { currency_code: currency, value: payment.amount },
          invoice_number: capture.invoice_id,
          custom: capture.custom_id,
          buyer: { name: 'Simulated Buyer' },
          seller: { merchant_id: 'SIMULATORMERCHANT' },
        },
      ],
      reason,
      status: 'WAITING_FOR_SELLER_RESPONSE',
      dispute_amount: { currency_code: currency, value: amount },
      dispute_life_cycle_stage: 'INQUIRY',
      dispute_channel: 'INTERNAL',
      seller_response_due_date: new Date(Date.parse(now) + 10 * 86_400_000).toISOString(),
      links: [
        { href: this.checkout.url(`/v1/customer/disputes/${id}`), rel: 'self', method: 'GET' },
      ],
    };
  }
}

/** The fields every IPN about the payment repeats. */
function paymentFields(payment: Record<string, string>): Record<string, string> {
  const keep = ['receiver_email', 'business', 'item_name', 'item_number', 'custom', 'payer_email'];
  return Object.fromEntries(keep.map((name) => [name, payment[name] ?? '']));
}

/** IPN txn_type=new_case: a buyer's complaint or a chargeback of the payment txn_id. */
function newCaseIpn(standardCase: StandardCase): Record<string, string> {
  return {
    txn_type: 'new_case',
    case_id: standardCase.case_id,
    case_type: standardCase.case_type,
    case_creation_date: new Date().toUTCString(),
    reason_code: DISPUTE_REASONS[standardCase.reason],
    txn_id: standardCase.payment.txn_id ?? '',
    mc_gross: standardCase.amount,
    mc_currency: standardCase.currency,
    ...paymentFields(standardCase.payment),
    charset: 'utf-8',
    notify_version: '3.9',
  };
}

/** Reversed (PayPal took the disputed amount back) or Canceled_Reversal (it came back). */
function reversalIpn(
  standardCase: StandardCase,
  paymentStatus: 'Reversed' | 'Canceled_Reversal',
): Record<string, string> {
  const reversed = paymentStatus === 'Reversed';
  return {
    payment_status: paymentStatus,
    reason_code: reversed
      ? standardCase.case_type === 'chargeback'
        ? 'chargeback'
        : 'buyer-complaint'
      : 'other',
    txn_id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
    parent_txn_id: standardCase.payment.txn_id ?? '',
    case_id: standardCase.case_id,
    mc_gross: reversed ? `-${standardCase.amount}` : standardCase.amount,
    mc_currency: standardCase.currency,
    ...paymentFields(standardCase.payment),
    payment_date: new Date().toUTCString(),
    charset: 'utf-8',
    notify_version: '3.9',
  };
}
