import {
  type NotFoundPage,
  type NotFoundSort,
  type Redirect,
  type RedirectNotFoundInput,
  type SaveRedirectInput,
} from '@contracts/seo-redirects';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const RULES = '/api/admin/seo/redirects';
const NOT_FOUND = '/api/admin/seo/not-found';

export const redirectKeys = {
  rules: ['seo-redirects'] as const,
  notFound: ['seo-not-found'] as const,
  notFoundPage: (page: number, pageSize: number, sort: NotFoundSort) =>
    [...redirectKeys.notFound, page, pageSize, sort] as const,
};

/** GET /api/admin/seo/redirects — every rule, by path. */
export function useRedirects() {
  return useQuery({
    queryKey: redirectKeys.rules,
    queryFn: ({ signal }) => api.get<Redirect[]>(RULES, { signal }),
  });
}

/** Adds (no id) or changes a rule; the rules are read again once the server saved it. */
export function useSaveRedirect(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveRedirectInput) =>
      id
        ? api.put<Redirect>(`${RULES}/${encodeURIComponent(id)}`, input)
        : api.post<Redirect>(RULES, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: redirectKeys.rules }),
  });
}

/** DELETE a rule — 204; 404 when it is gone already (the list is read again either way). */
export function useDeleteRedirect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${RULES}/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: redirectKeys.rules }),
  });
}

/** GET /api/admin/seo/not-found — one page of the 404 paths. */
export function useNotFoundHits(page: number, pageSize: number, sort: NotFoundSort) {
  return useQuery({
    queryKey: redirectKeys.notFoundPage(page, pageSize, sort),
    queryFn: ({ signal }) =>
      api.get<NotFoundPage>(`${NOT_FOUND}?page=${page}&pageSize=${pageSize}&sort=${sort}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Both lists change when a 404 becomes a rule or is dismissed. */
function useRefreshBoth() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: redirectKeys.rules }),
      queryClient.invalidateQueries({ queryKey: redirectKeys.notFound }),
    ]);
}

/** "Redirect this": POST /api/admin/seo/not-found/:id/redirect — a 301 from the 404's path. */
export function useRedirectNotFound(hitId: string) {
  const refresh = useRefreshBoth();
  return useMutation({
    mutationFn: (input: RedirectNotFoundInput) =>
      api.post<Redirect>(`${NOT_FOUND}/${encodeURIComponent(hitId)}/redirect`, input),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/seo/not-found/:id — the path is dismissed. */
export function useDismissNotFound() {
  const refresh = useRefreshBoth();
  return useMutation({
    mutationFn: (hitId: string) => api.delete(`${NOT_FOUND}/${encodeURIComponent(hitId)}`),
    onSettled: refresh,
  });
}
