import { AUDIT_KINDS, type AuditKind } from '@contracts/audit';
import { useSearchParams } from 'react-router-dom';
import { type AuditFilters } from '../api/get-audit-page';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isAuditKind(value: string): value is AuditKind {
  return (AUDIT_KINDS as readonly string[]).includes(value);
}

/** Reads the log's page and filters from the address (`?actor=&kind=&from=&to=&page=`). */
export function readAuditSearch(search: URLSearchParams): AuditFilters & { page: number } {
  const text = (name: string) => search.get(name)?.trim() || undefined;
  const day = (name: string) => {
    const value = text(name);
    return value && DAY.test(value) ? value : undefined;
  };
  const kind = text('kind');
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    actor: text('actor'),
    kind: kind && isAuditKind(kind) ? kind : undefined,
    from: day('from'),
    to: day('to'),
  };
}

/** The log's state in the address bar, so a filtered page can be bookmarked, shared and gone back to. */
export function useAuditSearch() {
  const [search, setSearch] = useSearchParams();
  const { page, ...filters } = readAuditSearch(search);

  const write = (nextFilters: AuditFilters, nextPage: number) => {
    const next = new URLSearchParams();
    for (const [name, value] of Object.entries(nextFilters)) if (value) next.set(name, value);
    if (nextPage > 1) next.set('page', String(nextPage));
    setSearch(next);
  };

  return {
    page,
    filters,
    /** New filters start again at page 1. */
    setFilters: (next: AuditFilters) => write(next, 1),
    setPage: (next: number) => write(filters, next),
  };
}
