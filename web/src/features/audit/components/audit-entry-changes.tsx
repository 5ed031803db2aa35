import { type AuditEntry } from '@contracts/audit';
import { diffStates, type FieldChange, type FieldDiff, formatValue } from './audit-changes';

const CHANGE_LABELS: Record<Exclude<FieldChange, 'unchanged'>, string> = {
  changed: 'Changed',
  added: 'Added',
  removed: 'Removed',
};

function Value({ value, tone }: { value: unknown; tone?: 'before' | 'after' }) {
  const text = formatValue(value);
  if (text === '') return <span className="audit-value audit-value--empty">(empty)</span>;
  const Tag = tone === 'before' ? 'del' : tone === 'after' ? 'ins' : 'span';
  return (
    <Tag className="audit-value">
      <pre className="audit-value__text">{text}</pre>
    </Tag>
  );
}

function FieldRow({ field }: { field: FieldDiff }) {
  return (
    <div className="audit-diff__field" data-change={field.change}>
      <dt className="audit-diff__name">
        {field.name}
        {field.change !== 'unchanged' && (
          <span className="audit-diff__badge">{CHANGE_LABELS[field.change]}</span>
        )}
      </dt>
      {field.change === 'unchanged' ? (
        <dd className="audit-diff__same">
          <Value value={field.after} />
        </dd>
      ) : (
        <>
          <dd className="audit-diff__before">
            <span className="audit-diff__side">Before</span>
            {field.change === 'added' ? (
              <span className="audit-value--empty">—</span>
            ) : (
              <Value value={field.before} tone="before" />
            )}
          </dd>
          <dd className="audit-diff__after">
            <span className="audit-diff__side">After</span>
            {field.change === 'removed' ? (
              <span className="audit-value--empty">—</span>
            ) : (
              <Value value={field.after} tone="after" />
            )}
          </dd>
        </>
      )}
    </div>
  );
}

/**
 * What an entry recorded, field by field: the changed fields first and marked (Changed, Added,
 * Removed) with their value before and after; the fields that stayed the same after them.
 */
export function AuditEntryChanges({ entry }: { entry: AuditEntry }) {
  if (!entry.before && !entry.after) {
    return <p className="audit-diff__none">No values were recorded for this action.</p>;
  }
  const fields = diffStates(entry.before, entry.after);
  const changed = fields.filter((field) => field.change !== 'unchanged');
  const unchanged = fields.filter((field) => field.change === 'unchanged');
  return (
    <div className="audit-diff">
      <p className="audit-diff__summary">
        {changed.length === 0
          ? 'Nothing changed.'
          : `${changed.length} ${changed.length === 1 ? 'field' : 'fields'} changed` +
            (unchanged.length ? `, ${unchanged.length} unchanged.` : '.')}
      </p>
      <dl className="audit-diff__fields">
        {[...changed, ...unchanged].map((field) => (
          <FieldRow key={field.name} field={field} />
        ))}
      </dl>
    </div>
  );
}
