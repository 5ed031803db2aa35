import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  Campaign as CampaignView,
  CampaignCounts,
  CampaignSummary,
} from '../../../contracts/campaigns.js';
import type { NewsletterCampaign } from './campaign.entity.js';
import { countsOf, failuresOf } from './campaign-recipients.js';

/** The campaign's columns a summary shows (a list leaves the body out). */
type CampaignRecord = Pick<
  NewsletterCampaign,
  | 'id'
  | 'subject'
  | 'status'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
  | 'scheduledAt'
  | 'startedAt'
  | 'finishedAt'
>;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export function toCampaignSummary(
  campaign: CampaignRecord,
  counts: CampaignCounts,
): CampaignSummary {
  return {
    id: campaign.id,
    subject: campaign.subject,
    status: campaign.status,
    createdBy: campaign.createdBy,
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
    scheduledAt: iso(campaign.scheduledAt),
    startedAt: iso(campaign.startedAt),
    finishedAt: iso(campaign.finishedAt),
    counts,
  };
}

/** A campaign with its body, its recipients' counts and its failure reasons. */
export async function campaignView(
  em: EntityManager,
  campaign: NewsletterCampaign,
): Promise<CampaignView> {
  const counts = await countsOf(em, [campaign.id]);
  return {
    ...toCampaignSummary(campaign, counts.get(campaign.id)!),
    body: campaign.body,
    failures: await failuresOf(em, campaign.id),
  };
}
