import type { SubscriberStatus } from '../../../../contracts/newsletter.js';

export const SUBSCRIBER_CSV_HEADER = ['Email', 'Status', 'Subscribed At', 'Confirmed At'] as const;

/** `subscribers-2026-11-26.csv`, or `subscribers-confirmed-2026-11-26.csv` for one status (UTC date). */
export function subscribersCsvFilename(status: SubscriberStatus | undefined, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  return `subscribers-${status ? `${status}-` : ''}${day}.csv`;
}
