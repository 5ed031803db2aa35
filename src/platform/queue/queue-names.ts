export const QUEUES = {
  domainEvents: 'domain-events',
  mail: 'mail',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
