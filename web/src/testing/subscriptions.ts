import type { Subscription } from '@contracts/subscriptions';

/** Ada's active Premium plan, charged twice, as the API answers it. */
export const aSubscription = (fields: Partial<Subscription> = {}): Subscription => ({
  _id: 'dddddddd-0000-4000-8000-000000000001',
  orderId: 'aaaaaaaa-0000-4000-8000-000000000001',
  paypalSubscriptionId: 'I-BW452GLLEP1G',
  packageName: 'Premium',
  price: '499.00',
  currentPrice: null,
  status: 'ACTIVE',
  nextBillingAt: '2027-01-03T10:00:00.000Z',
  endsAt: null,
  startedAt: '2026-11-03T10:00:00.000Z',
  cancelledAt: null,
  statusChangedBy: null,
  failedPayments: 0,
  lastFailedAt: null,
  fixPaymentUrl: null,
  payments: [
    {
      saleId: 'SALE-2',
      amount: '499.00',
      paidAt: '2026-12-03T10:00:00.000Z',
      sequence: 2,
      invoiceId: 'eeeeeeee-0000-4000-8000-000000000002',
      invoiceNumber: 'INV-2026-0002',
    },
    {
      saleId: 'SALE-1',
      amount: '499.00',
      paidAt: '2026-11-03T10:00:00.000Z',
      sequence: 1,
      invoiceId: 'eeeeeeee-0000-4000-8000-000000000001',
      invoiceNumber: 'INV-2026-0001',
    },
  ],
  totalPaid: '998.00',
  createdAt: '2026-11-03T09:58:00.000Z',
  ...fields,
});
