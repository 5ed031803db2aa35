import { describe, expect, it } from '@jest/globals';
import { PaypalIpnAdapter } from '../../src/modules/payments/commands/verify-payment-notification/paypal-ipn.adapter.js';
import { PaypalWebhookAdapter } from '../../src/modules/payments/commands/verify-payment-notification/paypal-webhook.adapter.js';
import { PaymentNotification } from '../../src/modules/payments/domain/payment-notification.entity.js';

const ORDER = '6f1e0c1e-0000-4000-8000-000000000001';
// Reading a message asks nothing of PayPal: the adapters' collaborators are not needed here.
const ipn = new PaypalIpnAdapter({} as never, {} as never);
const webhook = new PaypalWebhookAdapter({} as never);

const received = (channel: 'ipn' | 'webhook', body: string, orderId: string | null = ORDER) =>
  PaymentNotification.received(
    {
      channel,
      raw: Buffer.from(body),
      orderId,
      txnId: null,
      paymentStatus: null,
      eventId: null,
      eventType: null,
      headers: null,
    },
    new Date(),
  );

const dispute = (eventType: string, resource: Record<string, unknown>) =>
  webhook.read(
    received(
      'webhook',
      JSON.stringify({
        id: 'WH-1',
        event_type: eventType,
        resource: {
          dispute_id: 'PP-D-1',
          reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
          dispute_amount: { currency_code: 'USD', value: '499.00' },
          disputed_transactions: [{ seller_transaction_id: '2GG279541U471931P' }],
          ...resource,
        },
      }),
    ),
  );

describe('the webhook adapter turns PayPal events into the pipeline’s reports', () => {
  it.each(['CUSTOMER.DISPUTE.CREATED', 'CUSTOMER.DISPUTE.UPDATED'])(
    '%s is a dispute on the capture it names, with its reason and exact amount',
    (type) => {
      expect(dispute(type, {})).toStrictEqual({
        kind: 'dispute',
        disputeId: 'PP-D-1',
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        amount: '499.00',
        currency: 'USD',
        payment: { transactionId: '2GG279541U471931P', orderId: null },
      });
    },
  );

  it.each([
    ['RESOLVED_SELLER_FAVOUR', 'seller'],
    ['RESOLVED_WITH_PAYOUT', 'seller'],
    ['CANCELED_BY_BUYER', 'seller'],
    ['DENIED', 'seller'],
    ['RESOLVED_BUYER_FAVOUR', 'refunded'],
    ['ACCEPTED', 'refunded'],
  ])('CUSTOMER.DISPUTE.RESOLVED with %s ends it: %s', (code, outcome) => {
    expect(
      dispute('CUSTOMER.DISPUTE.RESOLVED', { dispute_outcome: { outcome_code: code } }),
    ).toMatchObject({ kind: 'dispute-resolved', disputeId: 'PP-D-1', outcome });
  });

  it('a resolution naming no outcome changes nothing', () => {
    expect(
      dispute('CUSTOMER.DISPUTE.RESOLVED', { dispute_outcome: { outcome_code: 'NONE' } }),
    ).toMatchObject({ kind: 'nothing' });
  });

  it('a refund names its capture by the link up, and an unknown event asks nothing', () => {
    const refund = webhook.read(
      received(
        'webhook',
        JSON.stringify({
          id: 'WH-2',
          event_type: 'PAYMENT.CAPTURE.REFUNDED',
          resource: {
            id: 'REFUND1',
            status: 'COMPLETED',
            amount: { value: '499.00', currency_code: 'USD' },
            links: [{ rel: 'up', href: 'https://api-m.paypal.com/v2/payments/captures/CAP1' }],
          },
        }),
      ),
    );
    expect(refund).toMatchObject({ kind: 'refund', captureId: 'CAP1', refundId: 'REFUND1' });
    expect(webhook.read(received('webhook', '{"id":"WH-3","event_type":"X.Y"}'))).toStrictEqual({
      kind: 'nothing',
      detail: 'Nothing to do for X.Y',
    });
  });
});

describe('the IPN adapter turns IPN messages into the pipeline’s reports', () => {
  it('new_case is a dispute (case_id, reason_code) on the transaction it names', () => {
    const report = ipn.read(
      received(
        'ipn',
        `txn_type=new_case&case_id=PP-R-1&case_type=chargeback&reason_code=unauthorized&txn_id=TXN1&mc_gross=499.00&mc_currency=USD&custom=${ORDER}`,
      ),
    );
    expect(report).toStrictEqual({
      kind: 'dispute',
      disputeId: 'PP-R-1',
      reason: 'unauthorized',
      amount: '499.00',
      currency: 'USD',
      payment: { transactionId: 'TXN1', orderId: ORDER },
    });
  });

  it.each([
    ['Reversed', 'reversed'],
    ['Canceled_Reversal', 'seller'],
  ])('payment_status %s ends the dispute: %s', (status, outcome) => {
    expect(
      ipn.read(received('ipn', `payment_status=${status}&txn_id=REV1&parent_txn_id=TXN1`)),
    ).toStrictEqual({
      kind: 'dispute-resolved',
      disputeId: null,
      outcome,
      payment: { transactionId: 'TXN1', orderId: ORDER },
    });
  });

  it('a payment (Completed, Refunded, Denied…) is checked by the Payments Standard rules', () => {
    for (const status of ['Completed', 'Refunded', 'Denied']) {
      expect(ipn.read(received('ipn', `payment_status=${status}&txn_id=T`)).kind).toBe(
        'standard-payment',
      );
    }
  });
});
