import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import {
  type ActivateSubscription,
  activateSubscriptionSchema,
  type SubscriptionActivation,
  subscriptionActivationSchema,
} from '../../../../contracts/subscriptions.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { PaypalCallResponses } from '../../http/paypal-call.responses.js';
import { ActivatePaypalSubscriptionCommand } from './activate-paypal-subscription.command.js';

@ApiTags('payments')
@Controller('api/orders')
export class ActivatePaypalSubscriptionHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/paypal-subscription/activate')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'PayPal Subscriptions: the buyer approved; the server reads the subscription at PayPal and applies it (and its first charge)',
  })
  @ApiOkResponse({ standardSchema: subscriptionActivationSchema })
  @ApiBadRequestResponse({ description: 'Invalid body', standardSchema: errorBodySchema })
  @PaypalCallResponses(
    'No such order of this customer',
    'Not a monthly order, or not the subscription made for it',
  )
  activate(
    @Param('id') id: string,
    @Body({ schema: activateSubscriptionSchema }) input: ActivateSubscription,
    @CurrentAuth() auth: AuthContext,
  ): Promise<SubscriptionActivation> {
    return this.commandBus.execute(
      new ActivatePaypalSubscriptionCommand(
        requireRecordId(id, ORDER_TEXTS.notYours),
        auth.account.email,
        input.subscriptionId,
      ),
    );
  }
}
