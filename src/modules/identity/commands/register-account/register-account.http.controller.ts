import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AUTH_MESSAGES,
  type Notice,
  noticeSchema,
  type Registration,
  registrationSchema,
} from '../../../../contracts/identity.js';
import { Access } from '../../../../platform/auth/access.js';
import { LoginThrottle } from '../../domain/login-throttle.js';
import { RegisterAccountCommand } from './register-account.command.js';

@ApiTags('auth')
@Controller('api/auth/register')
export class RegisterAccountHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly throttle: LoginThrottle,
  ) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Register with e-mail and password',
    description:
      'The answer is the same whether or not the e-mail already has an account. `next` (a path of this site, such as the order form the visitor came from) is carried by the e-mailed link.',
  })
  @ApiAcceptedResponse({ standardSchema: noticeSchema })
  async register(
    @Body({ schema: registrationSchema }) input: Registration,
    @Ip() ip: string,
  ): Promise<Notice> {
    await this.throttle.consumeRegistration(ip);
    await this.commandBus.execute(new RegisterAccountCommand(input));
    return { message: AUTH_MESSAGES.registered };
  }
}
