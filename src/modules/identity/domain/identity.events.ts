import { domainEvent } from '../../../platform/outbox/domain-event.js';

/** The account an e-mail is about, and the address to send it to. */
export type AccountEmailPayload = {
  accountId: string;
  email: string;
};

/** A registration's e-mail, with the page of this site the visitor was going to (safe, checked). */
export type RegistrationEmailPayload = AccountEmailPayload & { next?: string };

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    AccountRegistered: RegistrationEmailPayload;
    EmailVerificationRequested: AccountEmailPayload;
    RegistrationAttemptedForExistingAccount: RegistrationEmailPayload;
    PasswordResetRequested: AccountEmailPayload;
    PasswordChanged: AccountEmailPayload;
    LoginGuessingDetected: AccountEmailPayload;
    StaffInvited: AccountEmailPayload;
  }
}

/** A new account: its owner is sent a link to verify the e-mail. */
export class AccountRegistered extends domainEvent('AccountRegistered') {}

/** The owner asked for a new verification link. */
export class EmailVerificationRequested extends domainEvent('EmailVerificationRequested') {}

/**
 * Someone registered an e-mail that already has an account. The visitor is answered exactly as for a
 * new one; the owner is told by e-mail instead.
 */
export class RegistrationAttemptedForExistingAccount extends domainEvent(
  'RegistrationAttemptedForExistingAccount',
) {}

export class PasswordResetRequested extends domainEvent('PasswordResetRequested') {}

/** After a reset or a change: the owner is told, in case it was not them. */
export class PasswordChanged extends domainEvent('PasswordChanged') {}

/**
 * Wrong passwords for an existing account reached the alert threshold (at most once per throttle
 * window): the owner is told, with a link to choose a new password.
 */
export class LoginGuessingDetected extends domainEvent('LoginGuessingDetected') {}

/** A staff member was invited (or invited again): they are e-mailed a link to set their password. */
export class StaffInvited extends domainEvent('StaffInvited') {}
