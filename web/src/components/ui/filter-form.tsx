import { type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { FormField, Input } from './form-field';

/** A field of the submitted form as a filter: trimmed, and absent when empty. */
export type FilterValue = (name: string) => string | undefined;

export interface FilterFormProps<Filters> {
  /** The form's class; its buttons are in `{className}__actions`. */
  className: string;
  /** What the search landmark is called. */
  label: string;
  /** Whether any filter is set (Clear filters is offered). */
  filtered: boolean;
  /** The filters from the form's fields. */
  read: (value: FilterValue) => Filters;
  onApply: (filters: Filters) => void;
  onClear: () => void;
  /** The fields. */
  children: ReactNode;
  /** More actions after Filter and Clear filters (e.g. an export of what the filters select). */
  actions?: ReactNode;
}

/**
 * A list's filters, applied together with Filter. Uncontrolled, so the form shows what the address says:
 * remount it when the address changes (e.g. on Back).
 */
export function FilterForm<Filters>({
  className,
  label,
  filtered,
  read,
  onApply,
  onClear,
  children,
  actions,
}: FilterFormProps<Filters>) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(read((name) => String(form.get(name) ?? '').trim() || undefined));
  };
  return (
    <form className={className} role="search" aria-label={label} onSubmit={apply}>
      {children}
      <div className={`${className}__actions`}>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {filtered && (
          <Button variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        )}
        {actions}
      </div>
    </form>
  );
}

export interface SelectFilterProps<Option extends string> {
  label: string;
  /** The form field's name. */
  name: string;
  /** The choices, in their order; '' is `allLabel`. */
  options: readonly Option[];
  labelOf?: (option: Option) => string;
  allLabel?: string;
  defaultValue: Option | undefined;
}

/** A filter's select: every option (`allLabel`), then each option by its label. */
export function SelectFilter<Option extends string>({
  label,
  name,
  options,
  labelOf = (option) => option,
  allLabel = 'All',
  defaultValue,
}: SelectFilterProps<Option>) {
  return (
    <FormField label={label}>
      {(control) => (
        <select {...control} name={name} className="input" defaultValue={defaultValue ?? ''}>
          <FilterOptions options={options} labelOf={labelOf} allLabel={allLabel} />
        </select>
      )}
    </FormField>
  );
}

/** A filter select's options: '' first (`allLabel`), then each option by its label. */
export function FilterOptions<Option extends string>({
  options,
  labelOf,
  allLabel = 'All',
}: {
  options: readonly Option[];
  labelOf: (option: Option) => string;
  allLabel?: string;
}) {
  return (
    <>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {labelOf(option)}
        </option>
      ))}
    </>
  );
}

/** A filter's days from and to (fields `from` and `to`, as dates). */
export function DayRangeFilter({ from, to }: { from: string | undefined; to: string | undefined }) {
  return (
    <>
      <FormField label="From">
        {(control) => <Input {...control} name="from" type="date" defaultValue={from} />}
      </FormField>
      <FormField label="To">
        {(control) => <Input {...control} name="to" type="date" defaultValue={to} />}
      </FormField>
    </>
  );
}
