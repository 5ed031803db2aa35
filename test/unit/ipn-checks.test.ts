import { describe, expect, it } from '@jest/globals';
import { checkIpn, sameAmount } from '../../src/modules/payments/domain/paypal.js';

const order = { id: '6f1e0c1e-0000-4000-8000-000000000001', packagePrice: '499.00' };
const ipn = (fields: Record<string, string> = {}) =>
  new URLSearchParams({
    payment_status: 'Completed',
    receiver_email: 'Payments@Agency.test',
    mc_gross: '499.00',
    mc_currency: 'USD',
    txn_id: '5TY05013RG002845M',
    custom: order.id,
    ...fields,
  });

describe('the checks of a VERIFIED IPN message', () => {
  it('applies a completed payment of the price, in USD, to our receiving e-mail (any case)', () => {
    expect(checkIpn(ipn(), order, 'payments@agency.test')).toStrictEqual({
      outcome: 'apply',
      orderId: order.id,
      txnId: '5TY05013RG002845M',
      amount: '499.00',
    });
  });

  it('compares amounts as exact decimals', () => {
    expect(sameAmount('499', '499.00')).toBe(true);
    expect(sameAmount('499.0', '499.00')).toBe(true);
    expect(sameAmount('0.30', '0.3')).toBe(true);
    expect(sameAmount('499.01', '499.00')).toBe(false);
    expect(sameAmount('4.99e2', '499.00')).toBe(false);
    expect(sameAmount('', '0')).toBe(false);
  });

  it('names every mismatch: status, receiver, amount, currency, txn_id', () => {
    const check = checkIpn(
      ipn({
        payment_status: 'Pending',
        receiver_email: 'mallory@example.test',
        mc_gross: '0.01',
        mc_currency: 'EUR',
        txn_id: '',
      }),
      order,
      'payments@agency.test',
    );
    expect(check).toStrictEqual({
      outcome: 'mismatch',
      orderId: order.id,
      reason:
        'payment_status is Pending, not Completed; receiver_email mallory@example.test is not our PayPal e-mail; ' +
        "mc_gross 0.01 is not the order's price 499.00; mc_currency EUR is not USD; txn_id is missing",
    });
  });

  it('refuses any payment while no receiving e-mail is stored, and one for no order of ours', () => {
    expect(checkIpn(ipn(), order, null)).toMatchObject({ outcome: 'mismatch' });
    expect(checkIpn(ipn(), null, 'payments@agency.test')).toStrictEqual({
      outcome: 'mismatch',
      orderId: null,
      reason: 'the message names no order of ours',
    });
  });

  it('records refunds and reversals instead of applying them', () => {
    for (const status of ['Refunded', 'Reversed', 'Canceled_Reversal']) {
      expect(
        checkIpn(ipn({ payment_status: status, mc_gross: '-499.00' }), order, 'x@y.test'),
      ).toStrictEqual({
        outcome: 'reversal',
        orderId: order.id,
        paymentStatus: status,
      });
    }
  });
});
