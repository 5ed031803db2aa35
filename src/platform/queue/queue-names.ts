export const QUEUES = {
  domainEvents: 'domain-events',
  mail: 'mail',
  identityMaintenance: 'identity-maintenance',
  outboxMaintenance: 'outbox-maintenance',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
