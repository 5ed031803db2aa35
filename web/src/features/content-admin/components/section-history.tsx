import { type Revision, type SectionDef } from '@contracts/content';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useSectionRevisions } from '../api/get-section-revisions';
import { useRestoreSectionRevision } from '../api/restore-section-revision';
import { shorten } from './entry-value';

/** Revisions shown before 'Show all': the recent ones are the ones restored. */
const FIRST_SHOWN = 10;

const ACTION_LABELS: Record<Revision['action'], string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  restored: 'Restored',
};

interface FieldChange {
  name: string;
  label: string;
  before: string;
  after: string;
}

/** The fields a revision changed (for an addition, every filled field; for a deletion, likewise). */
function changedFields(section: SectionDef, revision: Revision): FieldChange[] {
  return section.fields.flatMap((field) => {
    const before = revision.before?.[field.name] ?? '';
    const after = revision.after?.[field.name] ?? '';
    return before === after ? [] : [{ name: field.name, label: field.label, before, after }];
  });
}

function formatWhen(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime())
    ? at
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function ChangeValue({ value }: { value: string }) {
  if (value === '') {
    return (
      <span className="content-history__empty">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">empty</span>
      </span>
    );
  }
  const short = shorten(value, 60);
  return <span title={short === value ? undefined : value}>{short}</span>;
}

/** A section's writes, newest first (GET …/revisions), each with what it changed and Restore. */
export function SectionHistory({ section }: { section: SectionDef }) {
  const revisions = useSectionRevisions(section.key);
  const restore = useRestoreSectionRevision(section.key);
  const [showAll, setShowAll] = useState(false);
  const { confirm, dialog } = useConfirm();

  const onRestore = async (revision: Revision) => {
    const when = formatWhen(revision.at);
    const question =
      revision.action === 'deleted'
        ? `Restore the ${section.label} entry deleted on ${when}?`
        : `Restore ${section.label} to how it was after the change of ${when}?`;
    if (!(await confirm({ title: question, confirmLabel: 'Restore' }))) return;
    restore.mutate(revision._id, {
      onSuccess: () => toast.success('Restored'),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  if (revisions.isPending) return <SkeletonBlock label="Loading the history" />;
  if (revisions.isError) {
    return <QueryErrorAlert query={revisions} />;
  }
  if (revisions.data.length === 0) {
    return <p className="content-block__empty">No changes recorded yet.</p>;
  }

  const shown = showAll ? revisions.data : revisions.data.slice(0, FIRST_SHOWN);
  return (
    <>
      {dialog}
      <ol className="content-history">
        {shown.map((revision) => {
          const changes = changedFields(section, revision);
          const isRestoring = restore.isPending && restore.variables === revision._id;
          return (
            <li key={revision._id} className="content-history__item">
              <div className="content-history__head">
                <p className="content-history__meta">
                  <strong>{ACTION_LABELS[revision.action]}</strong>{' '}
                  <time dateTime={revision.at}>{formatWhen(revision.at)}</time>
                  {' by '}
                  <span className="content-history__actor">
                    {revision.actorEmail ?? 'the system'}
                  </span>
                </p>
                <Button
                  variant="secondary"
                  onClick={() => void onRestore(revision)}
                  isLoading={isRestoring}
                  disabled={restore.isPending}
                >
                  Restore
                </Button>
              </div>
              {changes.length === 0 ? (
                <p className="content-history__none">No field changed.</p>
              ) : (
                <dl className="content-history__changes">
                  {changes.map((change) => (
                    <div key={change.name} className="content-history__change">
                      <dt>{change.label}</dt>
                      <dd>
                        <del>
                          <ChangeValue value={change.before} />
                        </del>
                        <span aria-hidden="true"> → </span>
                        <span className="visually-hidden"> changed to </span>
                        <ins>
                          <ChangeValue value={change.after} />
                        </ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          );
        })}
      </ol>
      {shown.length < revisions.data.length && (
        <p className="content-history__more">
          <Button variant="secondary" onClick={() => setShowAll(true)}>
            Show all {revisions.data.length} changes
          </Button>
        </p>
      )}
    </>
  );
}
