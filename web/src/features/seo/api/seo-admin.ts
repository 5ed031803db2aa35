import { type ContentSnapshot, type Entry } from '@contracts/content';
import { type IndexNowStatus } from '@contracts/seo/indexnow';
import { type PageCheckList, type PageCheckReport } from '@contracts/seo/page-checks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CONTENT_SNAPSHOT_KEY } from '../../../lib/query-keys';

export const PAGE_CHECKS_PATH = '/api/admin/seo/pages';
export const INDEXNOW_PATH = '/api/admin/seo/indexnow';

export const seoKeys = {
  pages: ['seo', 'pages'] as const,
  page: (pageId: string) => ['seo', 'pages', pageId] as const,
  indexNow: ['seo', 'indexnow'] as const,
  seoPages: ['seo', 'seo-pages'] as const,
};

/** GET /api/admin/seo/pages — every public page's checks, as rendered now. */
export function usePageChecks() {
  return useQuery({
    queryKey: seoKeys.pages,
    queryFn: ({ signal }) => api.get<PageCheckList>(PAGE_CHECKS_PATH, { signal }),
    staleTime: 0,
  });
}

/** GET /api/admin/seo/pages/{pageId} — one page's checks (none asked while the page is unknown). */
export function usePageCheck(pageId: string | undefined) {
  return useQuery({
    queryKey: seoKeys.page(pageId ?? ''),
    queryFn: ({ signal }) => api.get<PageCheckReport>(`${PAGE_CHECKS_PATH}/${pageId}`, { signal }),
    enabled: pageId !== undefined,
    staleTime: 0,
  });
}

/** The public content snapshot (GET /api/content), the same the pages render from. */
export function useContentSnapshot() {
  return useQuery({
    queryKey: CONTENT_SNAPSHOT_KEY,
    queryFn: ({ signal }) => api.get<ContentSnapshot>('/api/content', { signal }),
  });
}

/** The Page SEO entries (to link each page to its editor). */
export function usePageSeoEntries() {
  return useQuery({
    queryKey: seoKeys.seoPages,
    queryFn: ({ signal }) => api.get<Entry[]>('/api/content/seoPages', { signal }),
    staleTime: 0,
  });
}

/** GET /api/admin/seo/indexnow — the switch, the endpoint and the latest submissions. */
export function useIndexNowStatus() {
  return useQuery({
    queryKey: seoKeys.indexNow,
    queryFn: ({ signal }) => api.get<IndexNowStatus>(INDEXNOW_PATH, { signal }),
    staleTime: 0,
  });
}

/** PUT /api/admin/seo/indexnow {enabled} — audited. */
export function useSetIndexNowEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<IndexNowStatus>(INDEXNOW_PATH, { enabled }),
    onSuccess: (status) => queryClient.setQueryData(seoKeys.indexNow, status),
  });
}
