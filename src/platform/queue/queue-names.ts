export const QUEUES = {
  domainEvents: 'domain-events',
  mail: 'mail',
  identityMaintenance: 'identity-maintenance',
  outboxMaintenance: 'outbox-maintenance',
  paymentsMaintenance: 'payments-maintenance',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
