import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Subscription,
  SUBSCRIPTION_TEXTS,
  subscriptionSchema,
} from '../../../../contracts/subscriptions.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { PaypalCallResponses } from '../../http/paypal-call.responses.js';
import { CancelSubscriptionCommand } from './cancel-subscription.command.js';

@ApiTags('payments')
@Controller('api/subscriptions')
export class CancelSubscriptionHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/cancel')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Cancel one of my subscriptions at PayPal: nothing more is charged; the service runs to the end of the paid month',
  })
  @ApiOkResponse({ standardSchema: subscriptionSchema })
  @PaypalCallResponses(
    'No such subscription of this customer',
    'Not active or suspended, or PayPal refused',
  )
  cancel(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<Subscription> {
    return this.commandBus.execute(
      new CancelSubscriptionCommand(
        requireRecordId(id, SUBSCRIPTION_TEXTS.notFound),
        auth.account.email,
      ),
    );
  }
}
