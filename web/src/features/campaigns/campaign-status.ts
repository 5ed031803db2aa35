import { type CampaignCounts, type CampaignStatus, isCampaignSettled } from '@contracts/campaigns';
import { type BadgeTone } from '../../components/ui/badge';

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
  paused: 'Paused',
};

export const CAMPAIGN_STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  draft: 'neutral',
  scheduled: 'neutral',
  sending: 'neutral',
  sent: 'success',
  cancelled: 'warning',
  paused: 'warning',
};

/** Scheduled, sending or paused: its counts still change, so the progress page keeps asking. */
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

/** Seconds as the admin reads a wait: '45 s', '12 min', '3 h 20 min'. */
export function formatEta(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
