import { describe, expect, it } from '@jest/globals';
import { sumMoney } from '../../src/modules/payments/domain/subscription-views.js';
import {
  fixPaymentUrl,
  snapshotOfSdk,
  snapshotOfWebhook,
} from '../../src/modules/payments/domain/subscription-snapshot.js';

describe('a PayPal subscription as the shop reads it', () => {
  it('reads a webhook resource and the SDK object alike', () => {
    const fromWebhook = snapshotOfWebhook({
      id: 'I-ABCDEF123456',
      plan_id: 'P-1',
      custom_id: 'order-1',
      status: 'SUSPENDED',
      status_update_time: '2026-12-01T10:00:00Z',
      start_time: '2026-11-01T10:00:00Z',
      billing_info: {
        failed_payments_count: 3,
        last_failed_payment: { time: '2026-12-01T09:59:00Z' },
      },
    });
    const fromSdk = snapshotOfSdk({
      id: 'I-ABCDEF123456',
      planId: 'P-1',
      customId: 'order-1',
      status: 'SUSPENDED',
      statusUpdateTime: '2026-12-01T10:00:00Z',
      startTime: '2026-11-01T10:00:00Z',
      billingInfo: { failedPaymentsCount: 3, lastFailedPayment: { time: '2026-12-01T09:59:00Z' } },
    });
    expect(fromWebhook).toStrictEqual(fromSdk);
    expect(fromWebhook).toMatchObject({
      status: 'SUSPENDED',
      failedPayments: 3,
      nextBillingAt: null,
      lastFailedAt: new Date('2026-12-01T09:59:00Z'),
    });
  });

  it('names no status PayPal has that the shop does not know (APPROVED), and no bad date', () => {
    expect(
      snapshotOfWebhook({ id: 'I-1', status: 'APPROVED', status_update_time: 'yesterday' }),
    ).toMatchObject({ status: null, statusUpdatedAt: null, failedPayments: 0 });
  });

  it('sends the customer to fix a payment at PayPal, its sandbox, or the simulator', () => {
    expect(fixPaymentUrl('live', 'https://shop.example', 'I-1')).toBe(
      'https://www.paypal.com/myaccount/autopay/connect/I-1',
    );
    expect(fixPaymentUrl('sandbox', 'https://shop.example', 'I-1')).toBe(
      'https://www.sandbox.paypal.com/myaccount/autopay/connect/I-1',
    );
    expect(fixPaymentUrl('simulator', 'http://127.0.0.1:3000', 'I-1')).toBe(
      'http://127.0.0.1:3000/paypal-simulator/myaccount/autopay/connect/I-1',
    );
  });

  it('adds charges exactly', () => {
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['499.00', '499.00', '499.00'])).toBe('1497.00');
    expect(sumMoney(['499.5', '0.05'])).toBe('499.55');
  });
});
