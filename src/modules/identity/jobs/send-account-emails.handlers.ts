import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { issueAccountToken } from '../domain/account-tokens.js';
import { IdentityMail } from './identity-mail.js';

type VerificationEvent = 'AccountRegistered' | 'EmailVerificationRequested';

/** Issues a verification token and mails its link. */
@Injectable()
abstract class SendVerificationLink<T extends VerificationEvent> implements DomainEventHandler<T> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: IdentityMail,
  ) {}

  async handle(event: DomainEventJob<T>): Promise<void> {
    const { accountId, email } = event.payload;
    const em = this.em.fork();
    const token = issueAccountToken(em, { id: accountId, email }, 'email-verification');
    await em.flush();
    await this.mail.send(
      event,
      {
        template: 'emailVerification',
        to: email,
        props: { verifyUrl: this.mail.link('/verify-email', token) },
      },
      true,
    );
  }
}

@Injectable()
@HandlesDomainEvent('AccountRegistered')
export class SendVerificationOnRegistration extends SendVerificationLink<'AccountRegistered'> {}

@Injectable()
@HandlesDomainEvent('EmailVerificationRequested')
export class SendVerificationOnRequest extends SendVerificationLink<'EmailVerificationRequested'> {}

@Injectable()
@HandlesDomainEvent('PasswordResetRequested')
export class SendPasswordResetLink implements DomainEventHandler<'PasswordResetRequested'> {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: IdentityMail,
  ) {}

  async handle(event: DomainEventJob<'PasswordResetRequested'>): Promise<void> {
    const { accountId, email } = event.payload;
    const em = this.em.fork();
    const token = issueAccountToken(em, { id: accountId, email }, 'password-reset');
    await em.flush();
    await this.mail.send(
      event,
      {
        template: 'passwordReset',
        to: email,
        props: { resetUrl: this.mail.link('/reset', token) },
      },
      true,
    );
  }
}

@Injectable()
@HandlesDomainEvent('PasswordChanged')
export class SendPasswordChangedNotice implements DomainEventHandler<'PasswordChanged'> {
  constructor(private readonly mail: IdentityMail) {}

  async handle(event: DomainEventJob<'PasswordChanged'>): Promise<void> {
    await this.mail.send(
      event,
      {
        template: 'passwordChanged',
        to: event.payload.email,
        props: { resetUrl: this.mail.link('/reset') },
      },
      false,
    );
  }
}

@Injectable()
@HandlesDomainEvent('RegistrationAttemptedForExistingAccount')
export class SendRegistrationAttemptNotice implements DomainEventHandler<'RegistrationAttemptedForExistingAccount'> {
  constructor(private readonly mail: IdentityMail) {}

  async handle(event: DomainEventJob<'RegistrationAttemptedForExistingAccount'>): Promise<void> {
    await this.mail.send(
      event,
      {
        template: 'registrationAttempt',
        to: event.payload.email,
        props: { loginUrl: this.mail.link('/login'), resetUrl: this.mail.link('/reset') },
      },
      false,
    );
  }
}
