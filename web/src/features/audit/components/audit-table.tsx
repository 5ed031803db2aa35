import { AUDIT_KIND_LABELS, type AuditEntry } from '@contracts/audit';
import { Fragment, useId, useState } from 'react';
import { DataTable } from '../../../components/ui/table';
import { EmailAddress } from '../../../components/ui/email-address';
import { AuditEntryChanges } from './audit-entry-changes';

/** The button that shows the changes, when, who, what, target and IP. */
export const AUDIT_COLUMN_COUNT = 6;

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

function AuditRow({ entry, detailsId }: { entry: AuditEntry; detailsId: string }) {
  const [open, setOpen] = useState(false);
  const label = AUDIT_KIND_LABELS[entry.kind] ?? entry.kind;
  const at = new Date(entry.at);
  const when = `${DAY.format(at)}, ${TIME.format(at)}`;
  return (
    <Fragment>
      <tr className="audit-row" data-open={open || undefined}>
        <td className="audit-row__toggle-cell">
          {/* First, so that it is in view on a phone, where the table scrolls sideways. */}
          <button
            type="button"
            className="audit-row__toggle"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={`Changes: ${label}, ${when}`}
            onClick={() => setOpen((shown) => !shown)}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </td>
        <td className="audit-row__when">
          <time dateTime={entry.at}>
            <span>{DAY.format(at)}</span> <span>{TIME.format(at)}</span>
          </time>
        </td>
        <td className="data-table__token">
          <EmailAddress email={entry.actorEmail} />
        </td>
        <td className="audit-row__what">
          <strong className="audit-row__kind">{label}</strong>
          <span className="audit-row__summary">{entry.summary}</span>
        </td>
        <td className="audit-row__target">
          {entry.targetType}
          {entry.targetId && <code className="audit-row__id">{entry.targetId}</code>}
        </td>
        <td>
          <code>{entry.ip}</code>
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className="audit-row__details">
          <td colSpan={AUDIT_COLUMN_COUNT}>
            <div className="audit-row__details-inner">
              <AuditEntryChanges entry={entry} />
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** A page of the audit log, each row opening onto what the action changed. */
export function AuditTable({
  entries,
  caption,
}: {
  entries: readonly AuditEntry[];
  caption: string;
}) {
  const idPrefix = useId();
  return (
    <DataTable className="audit-table">
      <caption className="audit-table__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Changes</span>
          </th>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Target</th>
          <th scope="col">IP</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} detailsId={`${idPrefix}-${entry.id}`} />
        ))}
      </tbody>
    </DataTable>
  );
}
