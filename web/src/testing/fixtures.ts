import type { Account } from '@contracts/identity';
import type { Order, OrderDispute } from '@contracts/orders';

/** A signed-in account: an admin with a password unless told otherwise (`isAdmin: false`: a customer). */
export const anAccount = (fields: Partial<Account> = {}): Account => ({
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  email: 'boss@agency.test',
  emailVerified: true,
  isAdmin: fields.role ? fields.role === 'admin' : true,
  role: fields.isAdmin === false ? 'customer' : 'admin',
  hasPassword: true,
  googleLinked: false,
  twoFactorEnabled: false,
  twoFactorRequired: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** Ada's unpaid, pending Premium order, as the API answers it. */
export const anOrder = (fields: Partial<Order> = {}): Order => ({
  _id: 'aaaaaaaa-0000-4000-8000-000000000001',
  packageId: 'cccccccc-0000-4000-8000-000000000001',
  packageName: 'Premium',
  packagePrice: '499.00',
  billing: 'one-off',
  customerEmail: 'ada@example.test',
  customerName: 'Ada Lovelace',
  customerAddress: '1 Analytical Row',
  customerCountry: 'UK',
  companyName: null,
  billingAddress: null,
  taxId: null,
  paymentStatus: 'UnPaid',
  orderStatus: 'Pending',
  orderDate: '2026-11-03T10:00:00.000Z',
  paidAt: null,
  paidVia: null,
  cancelledAt: null,
  refundedAt: null,
  deliveredAt: null,
  note: null,
  reviewReason: null,
  paymentEvent: null,
  dispute: null,
  paymentHold: null,
  stage: 'awaiting_payment',
  intakeSubmittedAt: null,
  dueAt: null,
  workDeliveredAt: null,
  approvedAt: null,
  ...fields,
});

/** A buyer's dispute PayPal has opened and not resolved yet. */
export const aDispute = (fields: Partial<OrderDispute> = {}): OrderDispute => ({
  id: 'PP-D-27803',
  reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
  amount: '499.00',
  currency: 'USD',
  openedAt: '2026-11-24T09:00:00.000Z',
  resolvedAt: null,
  outcome: null,
  resolutionCentreUrl: 'https://www.paypal.com/resolutioncenter',
  ...fields,
});
