import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type Notice, noticeSchema } from '../../../../contracts/identity.js';
import {
  NEWSLETTER_MESSAGES,
  type Subscribe,
  subscribeSchema,
} from '../../../../contracts/newsletter.js';
import { Access } from '../../../../platform/auth/access.js';
import { SubscribeCommand } from './subscribe.command.js';

@ApiTags('newsletter')
@Controller('api/subscribers')
export class SubscribeHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Sign up for the newsletter: a confirmation link is e-mailed (valid 7 days)',
    description:
      'The answer is the same whether the address is new, pending or already confirmed; a confirmed address is sent nothing.',
  })
  @ApiAcceptedResponse({ standardSchema: noticeSchema })
  @ApiBadRequestResponse({ description: 'Invalid fields', standardSchema: errorBodySchema })
  @ApiTooManyRequestsResponse({
    description: 'Too many sign-ups from this address',
    standardSchema: errorBodySchema,
  })
  async subscribe(
    @Body({ schema: subscribeSchema }) input: Subscribe,
    @Ip() ip: string,
  ): Promise<Notice> {
    await this.commandBus.execute(new SubscribeCommand(input.subemail, ip));
    return { message: NEWSLETTER_MESSAGES.requested };
  }
}
