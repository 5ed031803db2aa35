import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignBounces } from '../../../contracts/campaigns.js';

/** Addresses with a hard bounce, a soft bounce or a complaint counted for a campaign (each once). */
export async function bouncesOf(em: EntityManager, campaignId: string): Promise<CampaignBounces> {
  const [row] = await em.execute<CampaignBounces[]>(
    `select count(distinct email) filter (where kind = 'hard')::int as hard,
            count(distinct email) filter (where kind = 'soft')::int as soft,
            count(distinct email) filter (where kind = 'complaint')::int as complaints
       from bounce_notice where campaign_id = ?`,
    [campaignId],
  );
  return row ?? { hard: 0, soft: 0, complaints: 0 };
}
