import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  Campaign as CampaignView,
  CampaignCounts,
  CampaignSummary,
} from '../../../contracts/campaigns.js';
import type { NewsletterCampaign } from './campaign.entity.js';
import { countsOf, failuresOf, sentInLast } from './campaign-recipients.js';

/** The window of a sending campaign's rate (and so of its ETA). */
const RATE_WINDOW_SECONDS = 60;

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
> &
  Partial<Pick<NewsletterCampaign, 'pausedReason' | 'pausedAt'>>;

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
    pausedReason: campaign.status === 'paused' ? (campaign.pausedReason ?? null) : null,
    pausedAt: campaign.status === 'paused' ? iso(campaign.pausedAt) : null,
  };
}

/** A campaign with its body, its recipients' counts and its failure reasons. */
export async function campaignView(
  em: EntityManager,
  campaign: NewsletterCampaign,
): Promise<CampaignView> {
  const counts = (await countsOf(em, [campaign.id])).get(campaign.id)!;
  let progress: CampaignView['progress'];
  if (campaign.status === 'sending') {
    const recent = await sentInLast(em, campaign.id, RATE_WINDOW_SECONDS);
    const emailsPerSecond = recent / RATE_WINDOW_SECONDS;
    progress = {
      emailsPerSecond: Math.round(emailsPerSecond * 100) / 100,
      etaSeconds: recent > 0 ? Math.ceil(counts.queued / emailsPerSecond) : null,
    };
  }
  return {
    ...toCampaignSummary(campaign, counts),
    body: campaign.body,
    failures: await failuresOf(em, campaign.id),
    ...(progress ? { progress } : {}),
  };
}
