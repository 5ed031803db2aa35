import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Subscription,
  SUBSCRIPTION_TEXTS,
  subscriptionSchema,
} from '../../../../contracts/subscriptions.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { PaypalCallResponses } from '../../http/paypal-call.responses.js';
import { MigrateSubscriptionCommand } from './migrate-subscription.command.js';

@ApiTags('payments')
@Controller('api/admin/orders')
export class MigrateSubscriptionHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/subscription/migrate')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Move the order’s subscription to the plan of its package’s current price (PayPal revise; audited)',
  })
  @ApiOkResponse({ standardSchema: subscriptionSchema })
  @PaypalCallResponses(
    'No subscription for this order',
    'Already at the current price, not active or suspended, or PayPal refused',
  )
  migrate(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<Subscription> {
    return this.commandBus.execute(
      new MigrateSubscriptionCommand(requireRecordId(id, SUBSCRIPTION_TEXTS.notFound), actor),
    );
  }
}
