import { randomUUID } from 'node:crypto';

/**
 * Every domain event of the product and its payload. An event written to the outbox becomes a job on
 * the `domain-events` queue named by its type; the worker refuses to start if a type has no handler.
 */
export interface DomainEventPayloads {
  MessageReceived: {
    messageId: string;
    name: string;
    email: string;
    number: string;
    subject: string;
    message: string;
  };
  AccountRegistered: AccountEmailPayload;
  EmailVerificationRequested: AccountEmailPayload;
  RegistrationAttemptedForExistingAccount: AccountEmailPayload;
  PasswordResetRequested: AccountEmailPayload;
  PasswordChanged: AccountEmailPayload;
  LoginGuessingDetected: AccountEmailPayload;
  SubscriptionRequested: SubscriberPayload;
  SubscriberConfirmed: SubscriberPayload;
}

interface AccountEmailPayload {
  accountId: string;
  email: string;
}

interface SubscriberPayload {
  subscriberId: string;
  email: string;
}

export type DomainEventType = keyof DomainEventPayloads;
export const DOMAIN_EVENT_TYPES = [
  'MessageReceived',
  'AccountRegistered',
  'EmailVerificationRequested',
  'RegistrationAttemptedForExistingAccount',
  'PasswordResetRequested',
  'PasswordChanged',
  'LoginGuessingDetected',
  'SubscriptionRequested',
  'SubscriberConfirmed',
] as const satisfies readonly DomainEventType[];

export abstract class DomainEvent<T extends DomainEventType = DomainEventType> {
  readonly id: string = randomUUID();
  readonly occurredAt = new Date();
  abstract readonly type: T;
  constructor(readonly payload: DomainEventPayloads[T]) {}
}
