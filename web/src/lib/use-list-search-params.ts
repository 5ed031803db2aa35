import { useSearchParams } from 'react-router-dom';

/**
 * A list's page and filters kept in the address (`?page=&status=&q=`), so that Back, a reload and a
 * shared link show the same list. Each filter is read by its reader: a value it does not allow (an
 * unknown status, a malformed day) reads as `undefined`, i.e. not filtered, and is left out when the
 * address is written again. Page 1 and unset filters are left out of the address.
 *
 * Declare the readers once, outside the component (`listFilter.text`, `listFilter.oneOf(...)`,
 * `listFilter.day`, or your own), and hand them to `useListSearchParams`.
 */
export type ListFilterReaders<Filters> = {
  [Name in keyof Filters]-?: (value: string) => Filters[Name] | undefined;
};

/** Filters of a list: each by its name in the address, unset when `undefined`. */
export type ListFilters = Record<string, string | undefined>;

export interface ListSearchWriteOptions {
  /**
   * Replaces the current history entry instead of adding one: for a change Back should not stop at
   * (a page moved back into range, an address put into its normal form).
   */
  replace?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Readers for the usual filters. */
export const listFilter = {
  /** Free text (a search): trimmed, unset when blank. */
  text: (value: string): string | undefined => value.trim() || undefined,
  /** One of a list of values (a status), unset otherwise. */
  oneOf:
    <Value extends string>(values: readonly Value[]) =>
    (value: string): Value | undefined =>
      (values as readonly string[]).includes(value) ? (value as Value) : undefined,
  /** A calendar day, `YYYY-MM-DD`, unset otherwise. */
  day: (value: string): string | undefined => (DAY.test(value) ? value : undefined),
};

/** The 1-based page in `?page=`: 1 unless it is a whole number from 1. */
function readPage(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Reads a list's page and filters from an address' query. */
export function readListSearch<Filters extends ListFilters>(
  search: URLSearchParams,
  readers: ListFilterReaders<Filters>,
): { page: number; filters: Partial<Filters> } {
  const filters: Partial<Filters> = {};
  for (const name of Object.keys(readers) as (keyof Filters & string)[]) {
    const raw = search.get(name);
    const value = raw === null ? undefined : readers[name](raw);
    if (value !== undefined) filters[name] = value;
  }
  return { page: readPage(search), filters };
}

/**
 * The query with the list's page and filters written into `search`: its other parameters are kept,
 * the list's own come first in the readers' order, then `page` (left out when 1).
 */
export function writeListSearch<Filters extends ListFilters>(
  search: URLSearchParams,
  readers: ListFilterReaders<Filters>,
  filters: Partial<Filters>,
  page: number,
): URLSearchParams {
  const next = new URLSearchParams();
  for (const name of Object.keys(readers) as (keyof Filters & string)[]) {
    const raw = filters[name];
    const value = raw === undefined ? undefined : readers[name](raw);
    if (value !== undefined) next.set(name, value);
  }
  if (page > 1) next.set('page', String(page));
  for (const [name, value] of search) {
    if (name !== 'page' && !Object.hasOwn(readers, name)) next.append(name, value);
  }
  return next;
}

/**
 * A list's page and filters in the address. `setFilters` changes some filters (`undefined` or ''
 * clears one) and goes back to page 1; `setPage` keeps the filters. Both add a history entry unless
 * told to replace it.
 */
export function useListSearchParams<Filters extends ListFilters>(
  readers: ListFilterReaders<Filters>,
) {
  const [search, setSearch] = useSearchParams();
  const { page, filters } = readListSearch(search, readers);

  return {
    page,
    filters,
    /** The list's query string for links (`?status=Paid&page=2`), '' when it has none. */
    search: search.toString() ? `?${search.toString()}` : '',
    setPage: (next: number, options?: ListSearchWriteOptions) =>
      setSearch(
        (current) =>
          writeListSearch(current, readers, readListSearch(current, readers).filters, next),
        options,
      ),
    setFilters: (changes: Partial<Filters>, options?: ListSearchWriteOptions) =>
      setSearch((current) => {
        const merged = { ...readListSearch(current, readers).filters, ...changes };
        return writeListSearch(current, readers, merged, 1);
      }, options),
  };
}
