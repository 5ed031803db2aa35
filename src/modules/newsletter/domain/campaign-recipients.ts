import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignCounts } from '../../../contracts/campaigns.js';
import { runPrepared } from '../../../platform/database/prepared-statement.js';

/**
 * The recipients of a campaign, one row per (campaign, subscriber): queued → sending → sent, or failed
 * (with the reason) or cancelled. Written and read with SQL: there are thousands per campaign.
 */

/** Writes a row for every confirmed subscriber, numbered into batches; returns how many of each. */
export async function fanOut(
  tx: EntityManager,
  campaignId: string,
  batchSize: number,
): Promise<{ total: number; batches: number }> {
  const [row] = await tx.execute<{ total: number; batches: number }[]>(
    `with written as (
       insert into campaign_recipient (campaign_id, subscriber_id, email, batch)
       select ?, id, email, (row_number() over (order by id) - 1) / ?
         from subscriber where status = 'confirmed'
       on conflict do nothing
       returning batch)
     select count(*)::int as total, coalesce(max(batch) + 1, 0)::int as batches from written`,
    [campaignId, batchSize],
  );
  return row ?? { total: 0, batches: 0 };
}

export interface ClaimedRecipient {
  subscriberId: string;
  email: string;
  /** Null for a recipient cancelled instead (no longer confirmed). */
  unsubscribeToken: string | null;
}

/**
 * Gives a batch's rows left in 'sending' by a run that died back to 'queued' (the batch has one owner
 * at a time: its outbox job's claim).
 */
export async function resumeBatch(em: EntityManager, campaignId: string, batch: number) {
  await em.execute(
    `update campaign_recipient set status = 'queued'
      where campaign_id = ? and batch = ? and status = 'sending'`,
    [campaignId, batch],
  );
}

const CLAIM_CHUNK = {
  name: 'campaign-recipients.claim-chunk',
  text: `with chunk as (
       select r.subscriber_id, s.unsubscribe_token as token, s.status = 'confirmed' as confirmed
         from campaign_recipient r
         join newsletter_campaign c on c.id = r.campaign_id and c.status = 'sending'
         left join subscriber s on s.id = r.subscriber_id
        where r.campaign_id = $1 and r.batch = $2 and r.status = 'queued'
          and r.subscriber_id <> all($3::uuid[])
        order by r.subscriber_id limit $4
        for update of r skip locked)
     update campaign_recipient r
        set status = case when chunk.confirmed then 'sending' else 'cancelled' end,
            attempts = r.attempts + case when chunk.confirmed then 1 else 0 end,
            last_error = case when chunk.confirmed then r.last_error
                              else 'Unsubscribed or removed before it was sent' end
       from chunk
      where r.campaign_id = $1 and r.subscriber_id = chunk.subscriber_id
      returning r.subscriber_id, r.email, chunk.token, r.status`,
};

/**
 * Takes up to `size` queued rows of a batch to send now, while the campaign is still sending (none
 * once it is cancelled). A recipient no longer confirmed (unsubscribed or removed since the fan-out)
 * is cancelled instead and comes back without a token.
 */
export async function claimChunk(
  em: EntityManager,
  campaignId: string,
  batch: number,
  size: number,
  skip: readonly string[],
): Promise<ClaimedRecipient[]> {
  const rows = await runPrepared<{
    subscriber_id: string;
    email: string;
    token: string | null;
    status: string;
  }>(em, CLAIM_CHUNK, [campaignId, batch, skip, size]);
  return rows.map((row) => ({
    subscriberId: row.subscriber_id,
    email: row.email,
    unsubscribeToken: row.status === 'sending' ? row.token : null,
  }));
}

export type RecipientOutcome = { status: 'sent' } | { status: 'failed' | 'queued'; reason: string };

/** Records what became of one claimed recipient ('queued': a temporary failure, tried again later). */
export async function settleRecipient(
  em: EntityManager,
  campaignId: string,
  subscriberId: string,
  outcome: RecipientOutcome,
): Promise<void> {
  await em.execute(
    `update campaign_recipient
        set status = ?, sent_at = case when ? = 'sent' then now() end, last_error = ?
      where campaign_id = ? and subscriber_id = ? and status = 'sending'`,
    [
      outcome.status,
      outcome.status,
      outcome.status === 'sent' ? null : outcome.reason,
      campaignId,
      subscriberId,
    ],
  );
}

/**
 * Records claimed recipients as sent, however many, in one statement, and ends the campaign's error
 * streak (a delivery went through).
 */
export async function markSent(
  em: EntityManager,
  campaignId: string,
  subscriberIds: readonly string[],
): Promise<void> {
  if (subscriberIds.length === 0) return;
  await runPrepared(em, MARK_SENT, [campaignId, subscriberIds]);
}

const MARK_SENT = {
  name: 'campaign-recipients.mark-sent',
  text: `with sent as (
       update campaign_recipient set status = 'sent', sent_at = now(), last_error = null
        where campaign_id = $1 and subscriber_id = any($2::uuid[]) and status = 'sending'
        returning 1)
     update newsletter_campaign set error_streak = 0
      where id = $1 and error_streak <> 0 and exists (select 1 from sent)`,
};

/**
 * Counts a delivery error in the campaign's streak; at `pauseAfter` in a row (0: never) a sending
 * campaign pauses with the error as its reason. Returns whether it is paused now.
 */
export async function countDeliveryError(
  em: EntityManager,
  campaignId: string,
  reason: string,
  pauseAfter: number,
): Promise<boolean> {
  const pausing = `status = 'sending' and ?::int > 0 and error_streak + 1 >= ?::int`;
  const [row] = await em.execute<{ status: string }[]>(
    `update newsletter_campaign
        set error_streak = error_streak + 1,
            status = case when ${pausing} then 'paused' else status end,
            paused_reason = case when ${pausing} then ?::text else paused_reason end,
            paused_at = case when ${pausing} then now() else paused_at end,
            updated_at = now()
      where id = ?
      returning status`,
    [pauseAfter, pauseAfter, pauseAfter, pauseAfter, reason, pauseAfter, pauseAfter, campaignId],
  );
  return row?.status === 'paused';
}

/** Whether some recipient of the campaign is being sent right now (claimed, not settled yet). */
export async function hasRecipientsInFlight(
  em: EntityManager,
  campaignId: string,
): Promise<boolean> {
  const rows = await em.execute<unknown[]>(
    `select 1 from campaign_recipient where campaign_id = ? and status = 'sending' limit 1`,
    [campaignId],
  );
  return rows.length > 0;
}

/** The batches of a campaign with recipients still to send (a resumed campaign sends them again). */
export async function unsentBatches(em: EntityManager, campaignId: string): Promise<number[]> {
  const rows = await em.execute<{ batch: number }[]>(
    `select distinct batch from campaign_recipient
      where campaign_id = ? and status in ('queued', 'sending') order by batch`,
    [campaignId],
  );
  return rows.map((row) => row.batch);
}

/** E-mails of a campaign sent within the last `seconds` (its current rate). */
export async function sentInLast(
  em: EntityManager,
  campaignId: string,
  seconds: number,
): Promise<number> {
  const [row] = await em.execute<{ count: number }[]>(
    `select count(*)::int as count from campaign_recipient
      where campaign_id = ? and sent_at > now() - make_interval(secs => ?)`,
    [campaignId, seconds],
  );
  return row?.count ?? 0;
}

/** After a batch's last attempt: what could still not be sent fails, with its last reason. */
export async function failUnsent(
  em: EntityManager,
  campaignId: string,
  batch: number,
): Promise<number> {
  const failed = await em.execute<unknown[]>(
    `update campaign_recipient
        set status = 'failed', last_error = coalesce(last_error, 'Not sent')
      where campaign_id = ? and batch = ? and status in ('queued', 'sending')
      returning subscriber_id`,
    [campaignId, batch],
  );
  return failed.length;
}

/** Marks the campaign sent once none of its recipients is waiting any more. */
export async function finishIfDone(em: EntityManager, campaignId: string): Promise<void> {
  await em.execute(
    `update newsletter_campaign set status = 'sent', finished_at = now(), updated_at = now()
      where id = ? and status = 'sending'
        and not exists (select 1 from campaign_recipient
                         where campaign_id = ? and status in ('queued', 'sending'))`,
    [campaignId, campaignId],
  );
}

/** Stops a campaign's queued recipients (those being sent right now finish). */
export async function cancelQueued(tx: EntityManager, campaignId: string): Promise<void> {
  await tx.execute(
    `update campaign_recipient set status = 'cancelled'
      where campaign_id = ? and status = 'queued'`,
    [campaignId],
  );
}

const NO_RECIPIENTS: CampaignCounts = { total: 0, queued: 0, sent: 0, failed: 0, cancelled: 0 };

/** Recipients by state, per campaign ('sending' counts as queued: it is not sent yet). */
export async function countsOf(
  em: EntityManager,
  campaignIds: readonly string[],
): Promise<Map<string, CampaignCounts>> {
  const counts = new Map(campaignIds.map((id) => [id, { ...NO_RECIPIENTS }]));
  if (campaignIds.length === 0) return counts;
  const rows = await em.execute<{ campaign_id: string; status: string; count: number }[]>(
    `select campaign_id, status, count(*)::int as count from campaign_recipient
      where campaign_id = any(?::uuid[]) group by campaign_id, status`,
    [`{${campaignIds.join(',')}}`],
  );
  for (const row of rows) {
    const of = counts.get(row.campaign_id)!;
    const key = row.status === 'sending' ? 'queued' : (row.status as keyof CampaignCounts);
    of[key] += row.count;
    of.total += row.count;
  }
  return counts;
}

/** The most frequent failure reasons of a campaign. */
export function failuresOf(em: EntityManager, campaignId: string) {
  return em.execute<{ reason: string; count: number }[]>(
    `select coalesce(last_error, 'Not sent') as reason, count(*)::int as count
       from campaign_recipient where campaign_id = ? and status = 'failed'
      group by 1 order by 2 desc, 1 limit 5`,
    [campaignId],
  );
}
