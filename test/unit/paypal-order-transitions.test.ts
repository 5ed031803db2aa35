import { describe, expect, it } from '@jest/globals';
import { PAYPAL_ORDER_STATUSES } from '../../src/contracts/payments.js';
import { PaypalOrder } from '../../src/modules/payments/domain/paypal-order.entity.js';

type Status = (typeof PAYPAL_ORDER_STATUSES)[number];
const at = new Date('2026-11-26T12:00:00Z');

function record(status: Status, captureId: string | null = 'CAP1'): PaypalOrder {
  const paypalOrder = new PaypalOrder();
  Object.assign(paypalOrder, {
    orderId: '6f1e0c1e-0000-4000-8000-000000000001',
    paypalOrderId: 'PO1',
    generation: 1,
    captureAttempt: 1,
    status,
    captureId,
    refundId: null,
    detail: null,
    declinedAt: null,
    createdAt: at,
    updatedAt: at,
  });
  return paypalOrder;
}

/** Which statuses each transition leaves from (every other one refuses and changes nothing). */
const FROM: Record<string, { allowed: Status[]; run: (r: PaypalOrder) => boolean; to: Status }> = {
  complete: {
    allowed: ['CREATED', 'APPROVED', 'PENDING', 'ABANDONED', 'REVIEW'],
    run: (r) => r.complete('CAP2', at),
    to: 'COMPLETED',
  },
  pend: {
    allowed: ['CREATED', 'APPROVED', 'PENDING'],
    run: (r) => r.pend('CAP2', at),
    to: 'PENDING',
  },
  flagForReview: {
    allowed: PAYPAL_ORDER_STATUSES.filter((s) => s !== 'REVIEW'),
    run: (r) => r.flagForReview('CAP2', 'amount 1.00', at),
    to: 'REVIEW',
  },
  abandon: {
    allowed: ['CREATED', 'APPROVED'],
    run: (r) => r.abandon('the buyer never approved it', at),
    to: 'ABANDONED',
  },
  startRefund: { allowed: ['COMPLETED'], run: (r) => r.startRefund(at), to: 'REFUNDING' },
  cancelRefund: { allowed: ['REFUNDING'], run: (r) => r.cancelRefund(at), to: 'COMPLETED' },
};

describe('the PayPal order’s transitions', () => {
  for (const [name, { allowed, run, to }] of Object.entries(FROM)) {
    it.each(PAYPAL_ORDER_STATUSES.map((status) => [status, allowed.includes(status)] as const))(
      `${name} from %s: allowed %s`,
      (status, isAllowed) => {
        const paypalOrder = record(status);
        const before = { ...paypalOrder };
        expect(run(paypalOrder)).toBe(isAllowed);
        if (isAllowed) expect(paypalOrder.status).toBe(to);
        else expect({ ...paypalOrder }).toStrictEqual(before);
      },
    );
  }

  it('a second capture never replaces the order’s own once it is completed', () => {
    const paypalOrder = record('COMPLETED', 'CAP1');
    expect(paypalOrder.complete('CAP2', at)).toBe(false);
    expect(paypalOrder.captureId).toBe('CAP1');
    expect(paypalOrder.complete('CAP1', at)).toBe(true);
  });

  it('a decline counts only for the capture attempt it answers', () => {
    const paypalOrder = record('APPROVED', null);
    expect(paypalOrder.decline(2, at)).toBe(false);
    expect(paypalOrder.decline(1, at)).toBe(true);
    expect(paypalOrder).toMatchObject({ status: 'CREATED', captureAttempt: 2, declinedAt: at });
  });

  it('a refund is recorded once, and only for the order’s own capture', () => {
    const paypalOrder = record('REFUNDING', 'CAP1');
    expect(paypalOrder.recordRefund('OTHER', 'R1', 'COMPLETED', at)).toBe(false);
    expect(paypalOrder.recordRefund('CAP1', 'R1', 'PENDING', at)).toBe(false);
    expect(paypalOrder.detail).toBe('PayPal reports the refund as PENDING');
    expect(paypalOrder.recordRefund('CAP1', 'R1', 'COMPLETED', at)).toBe(true);
    expect(paypalOrder.recordRefund('CAP1', 'R1', 'COMPLETED', at)).toBe(false);
    expect(paypalOrder.status).toBe('REFUNDED');
  });
});
