import { EntityManager } from '@mikro-orm/postgresql';
import { QueryBus } from '@nestjs/cqrs';
import {
  ConflictException,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../contracts/orders.js';
import {
  type NotificationResult,
  type PaymentNotification,
  paymentNotificationSchema,
} from '../../../contracts/payments.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../platform/audit/audit-trail.js';
import { Access } from '../../../platform/auth/access.js';
import { requireRecordId } from '../../../platform/http/record-id.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { FindOrderQuery } from '../../orders/index.js';
import { PaymentNotificationReceived, PaymentWebhookReceived } from '../domain/payments.events.js';

const NOT_FOUND = 'No such payment notification.';
/** A verification can be asked for again unless the message was applied or is being verified. */
const VERIFIABLE_AGAIN: readonly NotificationResult[] = ['failed', 'invalid', 'mismatch'];

type Row = {
  id: string;
  channel: 'ipn' | 'webhook';
  event_type: string | null;
  order_id: string | null;
  txn_id: string | null;
  payment_status: string | null;
  received_at: Date;
  result: NotificationResult;
  detail: string | null;
  verified_at: Date | null;
};

/** The IPN messages and webhook events received for an order, for the admins, and 'Verify again'. */
@ApiTags('payments')
@Controller('api/admin')
export class PaymentNotificationsHttpController {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('orders/:id/notifications')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'The PayPal notifications (IPN and webhook events) received for an order, newest first',
  })
  @ApiOkResponse({ standardSchema: z.array(paymentNotificationSchema) })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  async list(@Param('id') orderId: string): Promise<PaymentNotification[]> {
    // An order that does not exist is a 404, like on every route of an order.
    if (!(await this.queryBus.execute(new FindOrderQuery(orderId)))) {
      throw new NotFoundException(ORDER_TEXTS.notYours);
    }
    const rows = await this.em.fork().execute<Row[]>(
      `select id, channel, event_type, order_id, txn_id, payment_status, received_at, result, detail, verified_at
         from payment_notification where order_id = ? order by received_at desc, id desc`,
      [orderId],
    );
    return rows.map((row) => ({
      _id: row.id,
      channel: row.channel,
      eventType: row.event_type,
      orderId: row.order_id,
      txnId: row.txn_id,
      paymentStatus: row.payment_status,
      receivedAt: new Date(row.received_at).toISOString(),
      result: row.result,
      detail: row.detail,
      verifiedAt: row.verified_at ? new Date(row.verified_at).toISOString() : null,
    }));
  }

  @Post('payment-notifications/:id/verify')
  @Access('admin')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Verify a failed, invalid or mismatched notification with PayPal again',
  })
  @ApiAcceptedResponse({ description: 'Queued for verification' })
  @ApiNotFoundResponse({ description: NOT_FOUND, standardSchema: errorBodySchema })
  @ApiConflictResponse({
    description: 'Applied, or being verified',
    standardSchema: errorBodySchema,
  })
  async verifyAgain(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<void> {
    const notificationId = requireRecordId(id, NOT_FOUND);
    await this.em.fork().transactional(async (tx) => {
      const [row] = await tx.execute<{ result: NotificationResult; channel: 'ipn' | 'webhook' }[]>(
        'select result, channel from payment_notification where id = ? for update',
        [notificationId],
      );
      if (!row) throw new NotFoundException(NOT_FOUND);
      if (!VERIFIABLE_AGAIN.includes(row.result)) {
        throw new ConflictException(
          `This notification is ${row.result}: there is nothing to verify again.`,
        );
      }
      await tx.execute(
        `update payment_notification set result = 'pending', detail = 'Verification asked for again' where id = ?`,
        [notificationId],
      );
      recordAudit(tx, actor, {
        kind: 'payment.verify-again',
        targetType: 'payment-notification',
        targetId: notificationId,
        summary: `A ${row.channel === 'webhook' ? 'webhook' : 'PayPal IPN'} notification sent to be verified again`,
        before: { result: row.result },
        after: { result: 'pending' },
      });
      await this.outbox.commit(tx, [
        row.channel === 'webhook'
          ? new PaymentWebhookReceived({ notificationId })
          : new PaymentNotificationReceived({ notificationId }),
      ]);
    });
  }
}
