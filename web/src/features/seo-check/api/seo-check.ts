import { type SeoCheck, type SeoCheckStarted, type StartSeoCheck } from '@contracts/seo-check';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How often a running check is asked about. */
export const SEO_CHECK_POLL_MS = 1500;

export const seoCheckKeys = {
  all: ['seo-check'] as const,
  detail: (id: string) => [...seoCheckKeys.all, id] as const,
};

/** POST /api/seo-check — queues a check (or finds today's of the same address): its id. */
export function startSeoCheck(input: StartSeoCheck): Promise<SeoCheckStarted> {
  const { url, email, subscribe } = input;
  return api.post<SeoCheckStarted>('/api/seo-check', { url, email, subscribe });
}

export function useStartSeoCheck() {
  return useMutation({ mutationFn: startSeoCheck });
}

/** GET /api/seo-check/:id — the check's progress, then its report. */
export function getSeoCheck(id: string, signal?: AbortSignal): Promise<SeoCheck> {
  return api.get<SeoCheck>(`/api/seo-check/${encodeURIComponent(id)}`, { signal });
}

export const isRunning = (check: SeoCheck | undefined) =>
  check?.status === 'queued' || check?.status === 'running';

export const seoCheckQueryOptions = (id: string) =>
  queryOptions({
    queryKey: seoCheckKeys.detail(id),
    queryFn: ({ signal }) => getSeoCheck(id, signal),
    // Asked again while the worker runs it; a finished check never changes.
    refetchInterval: (query) => (isRunning(query.state.data) ? SEO_CHECK_POLL_MS : false),
  });

export function useSeoCheck(id: string) {
  return useQuery(seoCheckQueryOptions(id));
}
