import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from '@contracts/audit';
import { DayRangeFilter, FilterForm, SelectFilter } from '../../../components/ui/filter-form';
import { FormField, Input } from '../../../components/ui/form-field';
import { type AuditFilters as Filters } from '../api/get-audit-page';

export interface AuditFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

/**
 * The log's filters: the actor's e-mail (or a part of it), the kind of action and the days from and
 * to. Applied together with Filter; uncontrolled, so the form shows what the address says (it is
 * remounted when the address changes, e.g. on Back).
 */
export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  return (
    <FilterForm
      className="audit-filters"
      label="Filter the audit log"
      filtered={Object.values(filters).some(Boolean)}
      read={(value) => ({
        actor: value('actor'),
        kind: value('kind') as AuditKind | undefined,
        from: value('from'),
        to: value('to'),
      })}
      onApply={onChange}
      onClear={() => onChange({})}
    >
      <FormField label="Who (e-mail)">
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
      <SelectFilter
        label="What"
        name="kind"
        options={AUDIT_KINDS}
        labelOf={(kind) => AUDIT_KIND_LABELS[kind]}
        allLabel="Every kind"
        defaultValue={filters.kind}
      />
      <DayRangeFilter from={filters.from} to={filters.to} />
    </FilterForm>
  );
}
