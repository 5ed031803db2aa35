import { NotFoundException } from '@nestjs/common';
import type { PaymentAccount as PaymentAccountView } from '../../../contracts/payments.js';
import { requireRecordId } from '../../../platform/http/record-id.js';
import type { PaymentAccount } from './payment-account.entity.js';

const NOT_FOUND = 'No such PayPal e-mail.';

export const paymentAccountNotFound = () => new NotFoundException(NOT_FOUND);

/** A malformed id is the same 404 as an unknown one. */
export const requireAccountId = (id: string) => requireRecordId(id, NOT_FOUND);

export const toAccountView = (account: PaymentAccount): PaymentAccountView => ({
  _id: account.id,
  paypalEmail: account.paypalEmail,
  active: account.active,
  updatedBy: account.updatedBy ?? null,
  updatedAt: account.updatedAt.toISOString(),
  createdAt: account.createdAt.toISOString(),
});
