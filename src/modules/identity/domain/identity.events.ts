import { DomainEvent } from '../../../platform/outbox/domain-event.js';

/** A new account: its owner is sent a link to verify the e-mail. */
export class AccountRegistered extends DomainEvent<'AccountRegistered'> {
  readonly type = 'AccountRegistered';
}

/** The owner asked for a new verification link. */
export class EmailVerificationRequested extends DomainEvent<'EmailVerificationRequested'> {
  readonly type = 'EmailVerificationRequested';
}

/**
 * Someone registered an e-mail that already has an account. The visitor is answered exactly as for a
 * new one; the owner is told by e-mail instead.
 */
export class RegistrationAttemptedForExistingAccount extends DomainEvent<'RegistrationAttemptedForExistingAccount'> {
  readonly type = 'RegistrationAttemptedForExistingAccount';
}

export class PasswordResetRequested extends DomainEvent<'PasswordResetRequested'> {
  readonly type = 'PasswordResetRequested';
}

/** After a reset or a change: the owner is told, in case it was not them. */
export class PasswordChanged extends DomainEvent<'PasswordChanged'> {
  readonly type = 'PasswordChanged';
}

/**
 * Wrong passwords for an existing account reached the alert threshold (at most once per throttle
 * window): the owner is told, with a link to choose a new password.
 */
export class LoginGuessingDetected extends DomainEvent<'LoginGuessingDetected'> {
  readonly type = 'LoginGuessingDetected';
}
