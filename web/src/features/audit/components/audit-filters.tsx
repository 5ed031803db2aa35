import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from '@contracts/audit';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { type AuditFilters as Filters } from '../api/get-audit-page';

export interface AuditFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

function hasAny(filters: Filters): boolean {
  return Object.values(filters).some(Boolean);
}

/**
 * The log's filters: the actor's e-mail (or a part of it), the kind of action and the days from and
 * to. Applied together with Filter; uncontrolled, so the form shows what the address says (it is
 * remounted when the address changes, e.g. on Back).
 */
export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  const idPrefix = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onChange({
      actor: text('actor'),
      kind: text('kind') as AuditKind | undefined,
      from: text('from'),
      to: text('to'),
    });
  };

  return (
    <form
      className="audit-filters"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={apply}
    >
      <FormField id={`${idPrefix}-actor`} label="Who (e-mail)">
        {(control) => (
          <Input
            {...control}
            name="actor"
            type="search"
            defaultValue={filters.actor}
            maxLength={254}
            spellCheck={false}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-kind`} label="What">
        {(control) => (
          <select {...control} name="kind" className="input" defaultValue={filters.kind ?? ''}>
            <option value="">Every kind</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {AUDIT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-from`} label="From">
        {(control) => <Input {...control} name="from" type="date" defaultValue={filters.from} />}
      </FormField>
      <FormField id={`${idPrefix}-to`} label="To">
        {(control) => <Input {...control} name="to" type="date" defaultValue={filters.to} />}
      </FormField>
      <div className="audit-filters__actions">
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {hasAny(filters) && (
          <Button variant="ghost" onClick={() => onChange({})}>
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
