import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type Notice, noticeSchema } from '../../../../contracts/identity.js';
import {
  NEWSLETTER_MESSAGES,
  type SubscriberToken,
  subscriberTokenSchema,
} from '../../../../contracts/newsletter.js';
import { Access } from '../../../../platform/auth/access.js';
import { ConfirmSubscriptionCommand } from './confirm-subscription.command.js';

@ApiTags('newsletter')
@Controller('api/subscribers/confirm')
export class ConfirmSubscriptionHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Confirm a newsletter subscription with the e-mailed link' })
  @ApiOkResponse({ standardSchema: noticeSchema })
  @ApiBadRequestResponse({
    description: 'Invalid, used or expired link',
    standardSchema: errorBodySchema,
  })
  async confirm(@Body({ schema: subscriberTokenSchema }) input: SubscriberToken): Promise<Notice> {
    await this.commandBus.execute(new ConfirmSubscriptionCommand(input.token));
    return { message: NEWSLETTER_MESSAGES.confirmed };
  }
}
