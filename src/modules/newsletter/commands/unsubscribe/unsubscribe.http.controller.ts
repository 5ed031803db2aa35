import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type Notice, noticeSchema } from '../../../../contracts/identity.js';
import { type SubscriberToken, subscriberTokenSchema } from '../../../../contracts/newsletter.js';
import { Access } from '../../../../platform/auth/access.js';
import { UnsubscribeCommand } from './unsubscribe.command.js';

@ApiTags('newsletter')
@Controller('api/subscribers/unsubscribe')
export class UnsubscribeHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Unsubscribe with the link of a newsletter e-mail' })
  @ApiOkResponse({ standardSchema: noticeSchema })
  @ApiBadRequestResponse({
    description: 'Invalid or expired link',
    standardSchema: errorBodySchema,
  })
  async unsubscribe(
    @Body({ schema: subscriberTokenSchema }) input: SubscriberToken,
  ): Promise<Notice> {
    return { message: await this.commandBus.execute(new UnsubscribeCommand(input.token)) };
  }
}
