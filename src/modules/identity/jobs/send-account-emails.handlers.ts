import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { Mailer } from '../../../platform/mail/mail.port.js';
import { issueAccountToken, TOKEN_LIFETIME_MS } from '../domain/account-tokens.js';

type VerificationEvent = 'AccountRegistered' | 'EmailVerificationRequested';

/**
 * A link with the page the visitor was going to as `next` (after the token, so the token stays the
 * first parameter). `next` was checked on registration and is checked again by the SPA.
 */
function withNext(link: string, next: string | undefined): string {
  if (next === undefined) return link;
  const url = new URL(link);
  url.searchParams.set('next', next);
  return url.toString();
}

/** Issues a verification token and mails its link. */
@Injectable()
abstract class SendVerificationLink<T extends VerificationEvent> implements DomainEventHandler<T> {
  constructor(private readonly mail: Mailer) {}

  async handle(event: DomainEventJob<T>, tx: EntityManager): Promise<void> {
    const { accountId, email } = event.payload;
    const next = 'next' in event.payload ? event.payload.next : undefined;
    const token = issueAccountToken(tx, { id: accountId, email }, 'email-verification');
    this.mail.send(tx, {
      template: 'emailVerification',
      to: email,
      props: { verifyUrl: withNext(this.mail.link('/verify-email', token), next) },
    });
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
  constructor(private readonly mail: Mailer) {}

  async handle(event: DomainEventJob<'PasswordResetRequested'>, tx: EntityManager): Promise<void> {
    const { accountId, email } = event.payload;
    const token = issueAccountToken(tx, { id: accountId, email }, 'password-reset');
    this.mail.send(tx, {
      template: 'passwordReset',
      to: email,
      props: { resetUrl: this.mail.link('/reset', token) },
    });
  }
}

@Injectable()
@HandlesDomainEvent('PasswordChanged')
export class SendPasswordChangedNotice implements DomainEventHandler<'PasswordChanged'> {
  constructor(private readonly mail: Mailer) {}

  async handle(event: DomainEventJob<'PasswordChanged'>, tx: EntityManager): Promise<void> {
    this.mail.send(tx, {
      template: 'passwordChanged',
      to: event.payload.email,
      props: { resetUrl: this.mail.link('/reset') },
    });
  }
}

@Injectable()
@HandlesDomainEvent('RegistrationAttemptedForExistingAccount')
export class SendRegistrationAttemptNotice implements DomainEventHandler<'RegistrationAttemptedForExistingAccount'> {
  constructor(private readonly mail: Mailer) {}

  async handle(
    event: DomainEventJob<'RegistrationAttemptedForExistingAccount'>,
    tx: EntityManager,
  ): Promise<void> {
    this.mail.send(tx, {
      template: 'registrationAttempt',
      to: event.payload.email,
      props: {
        loginUrl: withNext(this.mail.link('/login'), event.payload.next),
        resetUrl: this.mail.link('/reset'),
      },
    });
  }
}

@Injectable()
@HandlesDomainEvent('StaffInvited')
export class SendStaffInvitation implements DomainEventHandler<'StaffInvited'> {
  constructor(private readonly mail: Mailer) {}

  async handle(event: DomainEventJob<'StaffInvited'>, tx: EntityManager): Promise<void> {
    const { accountId, email } = event.payload;
    const token = issueAccountToken(tx, { id: accountId, email }, 'invitation');
    this.mail.send(tx, {
      template: 'staffInvitation',
      to: email,
      props: {
        invitationUrl: this.mail.link(`/invitation/${token}`),
        validHours: TOKEN_LIFETIME_MS.invitation / 3600_000,
      },
    });
  }
}
