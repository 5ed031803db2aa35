import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PaymentAccount as PaymentAccountView } from '../../../../contracts/payments.js';
import { PaymentAccount } from '../../domain/payment-account.entity.js';
import {
  paymentAccountNotFound,
  requireAccountId,
  toAccountView,
} from '../../domain/payment-account.view.js';
import { GetPaymentAccountQuery, ListPaymentAccountsQuery } from './payment-accounts.queries.js';

@QueryHandler(ListPaymentAccountsQuery)
export class ListPaymentAccountsHandler implements IQueryHandler<ListPaymentAccountsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<PaymentAccountView[]> {
    const accounts = await this.em
      .fork()
      .find(PaymentAccount, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return accounts.map(toAccountView);
  }
}

@QueryHandler(GetPaymentAccountQuery)
export class GetPaymentAccountHandler implements IQueryHandler<GetPaymentAccountQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ accountId }: GetPaymentAccountQuery): Promise<PaymentAccountView> {
    const account = await this.em
      .fork()
      .findOne(PaymentAccount, { id: requireAccountId(accountId) });
    if (!account) throw paymentAccountNotFound();
    return toAccountView(account);
  }
}
