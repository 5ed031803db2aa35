import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import {
  type PaymentNotification,
  paymentNotificationSchema,
} from '../../../../contracts/payments.js';
import { Access } from '../../../../platform/auth/access.js';
import { ListPaymentNotificationsQuery } from './list-payment-notifications.query.js';

@ApiTags('payments')
@Controller('api/admin/orders')
export class ListPaymentNotificationsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id/notifications')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'The PayPal notifications (IPN and webhook events) received for an order, newest first',
  })
  @ApiOkResponse({ standardSchema: z.array(paymentNotificationSchema) })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  async list(@Param('id') orderId: string): Promise<PaymentNotification[]> {
    const notifications = await this.queryBus.execute(new ListPaymentNotificationsQuery(orderId));
    // An order that does not exist is a 404, like on every route of an order.
    if (!notifications) throw new NotFoundException(ORDER_TEXTS.notYours);
    return notifications;
  }
}
