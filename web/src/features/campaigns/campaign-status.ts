import { type CampaignCounts, type CampaignStatus, isCampaignSettled } from '@contracts/campaigns';
import { type BadgeTone } from '../../components/ui/badge';

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const CAMPAIGN_STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  draft: 'neutral',
  scheduled: 'neutral',
  sending: 'neutral',
  sent: 'success',
  cancelled: 'warning',
};

/** Scheduled or sending: its counts still change, so the progress page keeps asking. */
export const isCampaignInFlight = (status: CampaignStatus) =>
  status !== 'draft' && !isCampaignSettled(status);

export interface CampaignProgress {
  /** Recipients nothing more will happen to: sent, failed or cancelled. */
  done: number;
  total: number;
  /** Whole percent, rounded down so that 100 means every recipient is done. */
  percent: number;
}

export function campaignProgress(counts: CampaignCounts): CampaignProgress {
  const total = Math.max(0, counts.total);
  const done = Math.min(total, counts.sent + counts.failed + counts.cancelled);
  return { done, total, percent: total === 0 ? 0 : Math.floor((done * 100) / total) };
}

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A campaign's time in the admin's own time zone and language; '—' when there is none. */
export function formatCampaignTime(iso: string | null): string {
  return iso ? TIME_FORMAT.format(new Date(iso)) : '—';
}
