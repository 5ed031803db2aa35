import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { PaymentNotification as PaymentNotificationView } from '../../../../contracts/payments.js';
import { FindOrderQuery } from '../../../orders/index.js';
import { PaymentNotification } from '../../domain/payment-notification.entity.js';
import { ListPaymentNotificationsQuery } from './list-payment-notifications.query.js';

@QueryHandler(ListPaymentNotificationsQuery)
export class ListPaymentNotificationsHandler implements IQueryHandler<ListPaymentNotificationsQuery> {
  constructor(
    private readonly em: EntityManager,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({
    orderId,
  }: ListPaymentNotificationsQuery): Promise<PaymentNotificationView[] | null> {
    if (!(await this.queryBus.execute(new FindOrderQuery(orderId)))) return null;
    const notifications = await this.em.fork().find(
      PaymentNotification,
      { orderId },
      {
        orderBy: { receivedAt: 'desc', id: 'desc' },
        // The raw message and its headers are not listed.
        exclude: ['raw', 'headers'],
      },
    );
    return notifications.map((notification) => ({
      _id: notification.id,
      channel: notification.channel,
      eventType: notification.eventType ?? null,
      orderId: notification.orderId ?? null,
      txnId: notification.txnId ?? null,
      paymentStatus: notification.paymentStatus ?? null,
      receivedAt: notification.receivedAt.toISOString(),
      result: notification.result,
      detail: notification.detail ?? null,
      verifiedAt: notification.verifiedAt?.toISOString() ?? null,
    }));
  }
}
