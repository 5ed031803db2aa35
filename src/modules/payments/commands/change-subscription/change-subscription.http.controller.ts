import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type AdminSubscriptionAction,
  adminSubscriptionActionSchema,
  type Subscription,
  SUBSCRIPTION_TEXTS,
  subscriptionSchema,
} from '../../../../contracts/subscriptions.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { PaypalCallResponses } from '../../http/paypal-call.responses.js';
import { ChangeSubscriptionCommand } from './change-subscription.command.js';
import type { SubscriptionAction } from './subscription-changes.js';

@ApiTags('payments')
@Controller('api/admin/orders')
export class ChangeSubscriptionHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/subscription/suspend')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Pause the order’s subscription at PayPal (audited)' })
  @ApiOkResponse({ standardSchema: subscriptionSchema })
  @ApiBadRequestResponse({ description: 'No reason given', standardSchema: errorBodySchema })
  @PaypalCallResponses('No subscription for this order', 'Not active, or PayPal refused')
  suspend(
    @Param('id') id: string,
    @Body({ schema: adminSubscriptionActionSchema }) input: AdminSubscriptionAction,
    @CurrentActor() actor: AuditActor,
  ): Promise<Subscription> {
    return this.run(id, 'suspend', input, actor);
  }

  @Post(':id/subscription/activate')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Resume the order’s paused subscription at PayPal (audited)' })
  @ApiOkResponse({ standardSchema: subscriptionSchema })
  @ApiBadRequestResponse({ description: 'No reason given', standardSchema: errorBodySchema })
  @PaypalCallResponses('No subscription for this order', 'Not suspended, or PayPal refused')
  activate(
    @Param('id') id: string,
    @Body({ schema: adminSubscriptionActionSchema }) input: AdminSubscriptionAction,
    @CurrentActor() actor: AuditActor,
  ): Promise<Subscription> {
    return this.run(id, 'activate', input, actor);
  }

  @Post(':id/subscription/cancel')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Cancel the order’s subscription at PayPal (audited): the service runs to the end of the paid month',
  })
  @ApiOkResponse({ standardSchema: subscriptionSchema })
  @ApiBadRequestResponse({ description: 'No reason given', standardSchema: errorBodySchema })
  @PaypalCallResponses(
    'No subscription for this order',
    'Not active or suspended, or PayPal refused',
  )
  cancel(
    @Param('id') id: string,
    @Body({ schema: adminSubscriptionActionSchema }) input: AdminSubscriptionAction,
    @CurrentActor() actor: AuditActor,
  ): Promise<Subscription> {
    return this.run(id, 'cancel', input, actor);
  }

  private run(
    id: string,
    action: SubscriptionAction,
    { reason }: AdminSubscriptionAction,
    actor: AuditActor,
  ): Promise<Subscription> {
    return this.commandBus.execute(
      new ChangeSubscriptionCommand(
        requireRecordId(id, SUBSCRIPTION_TEXTS.notFound),
        action,
        reason,
        actor,
      ),
    );
  }
}
