import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The latest hard bounce or complaint a provider reported for an address (it may have bounced
 * before it was a subscriber, e.g. a receipt): a new sign-up of it starts blocked.
 */
export async function blockingNoticeOf(
  em: EntityManager,
  email: string,
): Promise<{ status: 'bounced' | 'complained'; reason: string; at: Date } | undefined> {
  const [row] = await em.execute<{ kind: string; reason: string; received_at: Date }[]>(
    `select kind, reason, received_at from bounce_notice
      where email = ? and kind in ('hard', 'complaint')
      order by occurred_at desc limit 1`,
    [email],
  );
  if (!row) return undefined;
  return {
    status: row.kind === 'hard' ? 'bounced' : 'complained',
    reason: row.reason,
    at: new Date(row.received_at),
  };
}
