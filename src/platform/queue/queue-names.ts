export const QUEUES = {
  domainEvents: 'domain-events',
  mail: 'mail',
  identityMaintenance: 'identity-maintenance',
  outboxMaintenance: 'outbox-maintenance',
  paymentsMaintenance: 'payments-maintenance',
  newsletter: 'newsletter',
  newsletterMaintenance: 'newsletter-maintenance',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
