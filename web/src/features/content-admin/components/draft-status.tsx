import { type DraftSummary, type SectionDef } from '@contracts/content';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { isoToLocalInput, localInputToIso } from '../../../lib/local-time';
import {
  useCancelSchedule,
  useDiscardDraft,
  usePublishDraft,
  useScheduleDraft,
} from '../api/drafts';
import { useSectionDraft } from '../api/get-section-entries';

/** A moment in the admin's own time zone, e.g. "27 Nov 2026, 14:05". */
export const localTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Who changed a draft and when, for its badge. */
export const draftByline = (draft: DraftSummary) =>
  `${draft.updatedBy ? `by ${draft.updatedBy}, ` : ''}${localTime(draft.updatedAt)}`;

/**
 * A section's draft: a badge while it has unpublished changes (by whom, when), and Publish,
 * Discard and "Publish at" (a time in the admin's time zone; a planned publish can be cancelled).
 */
export function DraftStatus({ section }: { section: SectionDef }) {
  const draft = useSectionDraft(section.key).data?.draft;
  if (!draft) return null;
  return <DraftActions section={section} draft={draft} />;
}

function DraftActions({ section, draft }: { section: SectionDef; draft: DraftSummary }) {
  const inputId = useId();
  const publish = usePublishDraft(section.key);
  const discard = useDiscardDraft(section.key);
  const schedule = useScheduleDraft(section.key);
  const cancel = useCancelSchedule(section.key);
  const { confirm, dialog } = useConfirm();
  const [publishAt, setPublishAt] = useState('');
  const onError = (error: unknown) => toast.error(errorMessage(error));

  const onDiscard = async () => {
    const confirmed = await confirm({
      title: `Discard the unpublished changes to ${section.label}?`,
      message: 'The published version stays as it is.',
      confirmLabel: 'Discard',
    });
    if (!confirmed) return;
    discard.mutate(undefined, {
      onSuccess: () => toast.success(`${section.label}: changes discarded.`),
      onError,
    });
  };

  const onSchedule = (event: FormEvent) => {
    event.preventDefault();
    const iso = localInputToIso(publishAt);
    if (!iso) {
      toast.error('Choose a date and time.');
      return;
    }
    schedule.mutate(iso, {
      onSuccess: (planned) =>
        toast.success(`${section.label} goes live ${localTime(planned.publishAt ?? iso)}.`),
      onError,
    });
  };

  return (
    <div className="content-draft" role="region" aria-label={`${section.label} draft`}>
      {dialog}
      <p className="content-draft__status">
        <Badge tone="warning">Unpublished changes</Badge>{' '}
        <span className="content-draft__byline">{draftByline(draft)}</span>
      </p>
      {draft.publishAt && (
        <p className="content-draft__planned">
          Goes live {localTime(draft.publishAt)}
          {draft.scheduledBy && ` (planned by ${draft.scheduledBy})`}{' '}
          <Button
            variant="ghost"
            isLoading={cancel.isPending}
            loadingText="Cancelling…"
            onClick={() => cancel.mutate(undefined, { onError })}
          >
            Cancel planned publish
          </Button>
        </p>
      )}
      <div className="content-draft__actions">
        <Button
          isLoading={publish.isPending}
          loadingText="Publishing…"
          onClick={() =>
            publish.mutate(undefined, {
              onSuccess: () => toast.success(`${section.label} is published.`),
              onError,
            })
          }
        >
          Publish
        </Button>
        <Button variant="secondary" onClick={() => void onDiscard()}>
          Discard
        </Button>
        <form className="content-draft__schedule" onSubmit={onSchedule}>
          <label htmlFor={inputId}>Publish at</label>
          <input
            id={inputId}
            type="datetime-local"
            className="input"
            step={1}
            value={publishAt}
            min={isoToLocalInput(new Date())}
            onChange={(event) => setPublishAt(event.target.value)}
          />
          <Button type="submit" variant="secondary" isLoading={schedule.isPending}>
            Schedule
          </Button>
        </form>
      </div>
    </div>
  );
}
