import { Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { EntityManager } from '@mikro-orm/postgresql';
import { AUTH_MESSAGES, type Notice, noticeSchema } from '../../../../contracts/identity.js';
import { Access, type AuthContext, CurrentAuth } from '../../../../platform/auth/access.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { EmailVerificationRequested } from '../../domain/identity.events.js';

@ApiTags('account')
@Controller('api/account/email-verification')
export class ResendVerificationHttpController {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  @Post()
  @Access('customer')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Send a new verification link to the signed-in account (if unverified)',
  })
  @ApiAcceptedResponse({ standardSchema: noticeSchema })
  async resend(@CurrentAuth() { account }: AuthContext): Promise<Notice> {
    if (account.emailVerified) return { message: AUTH_MESSAGES.emailVerified };
    await this.outbox.commit(this.em.fork(), [
      new EmailVerificationRequested({ accountId: account.id, email: account.email }),
    ]);
    return { message: AUTH_MESSAGES.verificationSent };
  }
}
