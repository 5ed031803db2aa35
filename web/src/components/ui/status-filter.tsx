import { FilterOptions } from './filter-form';
import { FormField } from './form-field';

export interface StatusFilterProps<Status extends string> {
  id: string;
  /** The statuses to choose from, in their order; '' is "All". */
  statuses: readonly Status[];
  labelOf: (status: Status) => string;
  value: Status | '';
  onChange: (status: Status | '') => void;
}

/** A list filter's "Status" select: All, then each status by its label. */
export function StatusFilter<Status extends string>({
  id,
  statuses,
  labelOf,
  value,
  onChange,
}: StatusFilterProps<Status>) {
  return (
    <FormField id={id} label="Status">
      {(control) => (
        <select
          {...control}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value as Status | '')}
        >
          <FilterOptions options={statuses} labelOf={labelOf} />
        </select>
      )}
    </FormField>
  );
}
