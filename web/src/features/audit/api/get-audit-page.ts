import { type AuditKind, type AuditPage } from '@contracts/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The log's filters, as the API takes them (days are `YYYY-MM-DD`, inclusive). */
export interface AuditFilters {
  /** A part of the actor's e-mail, any case. */
  actor?: string;
  kind?: AuditKind;
  from?: string;
  to?: string;
}

export interface AuditPageParams extends AuditFilters {
  page: number;
  pageSize: number;
}

/** Query keys of the audit log (entries are never edited, so nothing invalidates them but time). */
export const auditKeys = {
  all: ['audit'] as const,
  list: (params: AuditPageParams) => [...auditKeys.all, 'list', params] as const,
};

/** GET /api/admin/audit — one page of the log, newest first, filtered on the server. */
export function getAuditPage(params: AuditPageParams, signal?: AbortSignal): Promise<AuditPage> {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
  });
  for (const name of ['actor', 'kind', 'from', 'to'] as const) {
    const value = params[name];
    if (value) query.set(name, value);
  }
  return api.get<AuditPage>(`/api/admin/audit?${query}`, { signal });
}

export const auditPageQueryOptions = (params: AuditPageParams) =>
  queryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => getAuditPage(params, signal),
    // The table keeps the page shown while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAuditPage(params: AuditPageParams) {
  return useQuery(auditPageQueryOptions(params));
}
