import { type Campaign, CAMPAIGN_TEXTS } from '@contracts/campaigns';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useCancelCampaign } from '../api/cancel-campaign';
import { useResumeCampaign } from '../api/resume-campaign';
import { campaignProgress, formatCampaignTime, formatEta } from '../campaign-status';
import { CampaignCountsTable } from './campaign-counts-table';
import { CampaignPreviewPanel } from './campaign-preview-panel';
import { CampaignStatusBadge } from './campaign-status-badge';
import './campaigns.css';

const CANCEL_QUESTIONS = {
  scheduled: {
    title: 'Cancel the schedule?',
    message: 'The newsletter becomes a draft again, to change or send later.',
    confirmLabel: 'Cancel schedule',
    cancelLabel: 'Keep the schedule',
  },
  sending: {
    title: 'Cancel sending?',
    message: 'Subscribers not sent to yet get nothing; what was sent stays sent.',
    confirmLabel: 'Cancel sending',
    cancelLabel: 'Keep sending',
  },
  paused: {
    title: 'Cancel this paused newsletter?',
    message: 'Subscribers not sent to yet get nothing; what was sent stays sent.',
    confirmLabel: 'Cancel sending',
    cancelLabel: 'Keep it paused',
  },
} as const;

/**
 * A newsletter on its way or done: its times, the recipients by delivery state with a progress bar,
 * why deliveries failed, and cancelling while it is scheduled, sending or paused. While sending: its
 * rate over the last minute and the time left at that rate; paused (after delivery errors in a row):
 * the reason, with Resume and Cancel. The page asks again every second until it is settled
 * (`useCampaign`).
 */
export function CampaignProgressPanel({
  campaign,
  canSend = true,
}: {
  campaign: Campaign;
  /** Resuming and cancelling: an admin's. */
  canSend?: boolean;
}) {
  const idPrefix = useId();
  const cancel = useCancelCampaign(campaign.id);
  const resume = useResumeCampaign(campaign.id);
  const { confirm, dialog } = useConfirm();
  const [showEmail, setShowEmail] = useState(false);
  const progress = campaignProgress(campaign.counts);
  // Only a scheduled, sending or paused newsletter can be cancelled.
  const question =
    campaign.status === 'scheduled' || campaign.status === 'sending' || campaign.status === 'paused'
      ? CANCEL_QUESTIONS[campaign.status]
      : null;

  const onResume = async () => {
    try {
      await resume.mutateAsync();
      toast.success(CAMPAIGN_TEXTS.resumed);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const onCancel = async () => {
    if (!question || !(await confirm(question))) return;
    try {
      const result = await cancel.mutateAsync();
      toast.success(
        result.status === 'draft' ? CAMPAIGN_TEXTS.unscheduled : CAMPAIGN_TEXTS.cancelled,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="campaign-progress">
      <section className="card campaign-progress__card" aria-labelledby={`${idPrefix}-subject`}>
        <div className="campaign-progress__head">
          <h2 id={`${idPrefix}-subject`}>{campaign.subject}</h2>
          <p className="campaign-progress__status">
            <span className="visually-hidden">Status: </span>
            <CampaignStatusBadge status={campaign.status} />
          </p>
        </div>
        <dl className="campaign-times">
          <div>
            <dt>Scheduled for</dt>
            <dd>{formatCampaignTime(campaign.scheduledAt)}</dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{formatCampaignTime(campaign.startedAt)}</dd>
          </div>
          <div>
            <dt>Finished</dt>
            <dd>{formatCampaignTime(campaign.finishedAt)}</dd>
          </div>
          <div>
            <dt>Written by</dt>
            <dd>{campaign.createdBy}</dd>
          </div>
        </dl>
        <div className="campaign-progress__bar">
          <label htmlFor={`${idPrefix}-progress`}>Delivery progress</label>
          <progress id={`${idPrefix}-progress`} max={progress.total || 1} value={progress.done} />
          <p className="campaign-progress__summary">
            {progress.done} of {progress.total} recipients done ({progress.percent}%)
          </p>
        </div>
        {campaign.status === 'sending' && campaign.progress && (
          <p className="campaign-progress__rate" aria-live="polite">
            {campaign.progress.emailsPerSecond.toFixed(1)} e-mails/s over the last minute
            {campaign.progress.etaSeconds !== null &&
              ` · about ${formatEta(campaign.progress.etaSeconds)} left`}
          </p>
        )}
        {campaign.status === 'paused' && (
          <div className="campaign-paused" role="status">
            <h3>Paused after delivery errors in a row</h3>
            <p>
              Nothing is sent until you resume it (it goes on where it stopped) or cancel it.
              {campaign.pausedAt && <> Since {formatCampaignTime(campaign.pausedAt)}.</>}
            </p>
            {campaign.pausedReason && (
              <p>
                Last error: <code>{campaign.pausedReason}</code>
              </p>
            )}
          </div>
        )}
        <CampaignCountsTable counts={campaign.counts} />
        {campaign.failures.length > 0 && (
          <div className="campaign-failures">
            <h3 id={`${idPrefix}-failures`}>Failure reasons</h3>
            <ul aria-labelledby={`${idPrefix}-failures`}>
              {campaign.failures.map((failure) => (
                <li key={failure.reason}>
                  {failure.reason}{' '}
                  <span className="campaign-failures__count">×{failure.count}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="campaign-actions">
          {canSend && campaign.status === 'paused' && (
            <Button
              onClick={() => void onResume()}
              isLoading={resume.isPending}
              loadingText="Resuming…"
            >
              Resume sending
            </Button>
          )}
          {canSend && question && (
            <Button
              variant="secondary"
              onClick={() => void onCancel()}
              isLoading={cancel.isPending}
              loadingText="Cancelling…"
            >
              {question.confirmLabel}
            </Button>
          )}
          <Button
            variant="ghost"
            aria-expanded={showEmail}
            onClick={() => setShowEmail((shown) => !shown)}
          >
            {showEmail ? 'Hide the e-mail' : 'Show the e-mail'}
          </Button>
        </div>
      </section>
      {showEmail && <CampaignPreviewPanel subject={campaign.subject} body={campaign.body} />}
      {dialog}
    </div>
  );
}
