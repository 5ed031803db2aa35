import { AUDIT_KIND_LABELS, type AuditEntry } from '@contracts/audit';
import { type ReactNode, useId, useState } from 'react';
import { EmailAddress } from '../../../components/ui/email-address';
import { type PagedTableColumn } from '../../../components/ui/paged-table';
import { AuditEntryChanges } from './audit-entry-changes';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const TIME = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

const kindLabel = (entry: AuditEntry) => AUDIT_KIND_LABELS[entry.kind] ?? entry.kind;

function formatWhen(entry: AuditEntry): string {
  const at = new Date(entry.at);
  return `${DAY.format(at)}, ${TIME.format(at)}`;
}

/**
 * The audit log's columns (the button that shows the changes, when, who, what, target and IP) and
 * its rows, each opening onto what the action changed.
 */
export function useAuditRows() {
  const idPrefix = useId();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const isOpen = (entry: AuditEntry) => openIds.has(entry.id);
  const detailsId = (entry: AuditEntry) => `${idPrefix}-${entry.id}`;
  const toggle = (entry: AuditEntry) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(entry.id)) next.add(entry.id);
      return next;
    });

  const columns: PagedTableColumn<AuditEntry>[] = [
    {
      header: 'Changes',
      headerHidden: true,
      className: 'audit-row__toggle-cell',
      // First: the top of its card on a phone, in view on a wider screen where the table scrolls.
      cell: (entry) => (
        <button
          type="button"
          className="audit-row__toggle"
          aria-expanded={isOpen(entry)}
          aria-controls={isOpen(entry) ? detailsId(entry) : undefined}
          aria-label={`Changes: ${kindLabel(entry)}, ${formatWhen(entry)}`}
          onClick={() => toggle(entry)}
        >
          <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      ),
    },
    {
      header: 'When',
      className: 'audit-row__when',
      cell: (entry) => {
        const at = new Date(entry.at);
        return (
          <time dateTime={entry.at}>
            <span>{DAY.format(at)}</span> <span>{TIME.format(at)}</span>
          </time>
        );
      },
    },
    {
      header: 'Who',
      className: 'data-table__token',
      cell: (entry) => <EmailAddress email={entry.actorEmail} />,
    },
    {
      header: 'What',
      className: 'audit-row__what',
      cell: (entry) => (
        <>
          <strong className="audit-row__kind">{kindLabel(entry)}</strong>
          <span className="audit-row__summary">{entry.summary}</span>
        </>
      ),
    },
    {
      header: 'Target',
      className: 'audit-row__target',
      cell: (entry) => (
        <>
          {entry.targetType}
          {entry.targetId && <code className="audit-row__id">{entry.targetId}</code>}
        </>
      ),
    },
    { header: 'IP', cell: (entry) => <code>{entry.ip}</code> },
  ];

  const renderRow = (entry: AuditEntry, cells: ReactNode) => (
    <>
      <tr className="audit-row" role="row" data-open={isOpen(entry) || undefined}>
        {cells}
      </tr>
      {isOpen(entry) && (
        <tr id={detailsId(entry)} className="audit-row__details" role="row">
          <td colSpan={columns.length} role="cell">
            <div className="audit-row__details-inner">
              <AuditEntryChanges entry={entry} />
            </div>
          </td>
        </tr>
      )}
    </>
  );

  return { columns, renderRow };
}
