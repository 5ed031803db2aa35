import { AUDIT_KINDS } from '@contracts/audit';
import {
  listFilter,
  type ListFilterReaders,
  useListSearchParams,
} from '../../../lib/use-list-search-params';
import { type AuditFilters } from '../api/get-audit-page';

/** The log's filters as the address has them (`?actor=&kind=&from=&to=&page=`). */
export const AUDIT_SEARCH: ListFilterReaders<AuditFilters> = {
  actor: listFilter.text,
  kind: listFilter.oneOf(AUDIT_KINDS),
  from: listFilter.day,
  to: listFilter.day,
};

/** The log's state in the address bar, so a filtered page can be bookmarked, shared and gone back to. */
export function useAuditSearch() {
  const { page, filters, setFilters, setPage } = useListSearchParams(AUDIT_SEARCH);
  return {
    page,
    filters,
    /** New filters start again at page 1; each filter not given is cleared. */
    setFilters: (next: AuditFilters) =>
      setFilters({ actor: next.actor, kind: next.kind, from: next.from, to: next.to }),
    setPage: (next: number) => setPage(next),
  };
}
