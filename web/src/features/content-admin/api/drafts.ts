import { type DraftSummary, type PublishResult } from '@contracts/content';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateSection } from './invalidate-section';
import { contentAdminKeys } from './query-keys';
import { draftApiPath } from './section-path';

const DRAFTS = '/api/admin/content-drafts';

/** GET /api/admin/content-drafts — the sections with unpublished changes. */
export const contentDraftsQueryOptions = () =>
  queryOptions({
    queryKey: contentAdminKeys.drafts(),
    queryFn: ({ signal }) => api.get<DraftSummary[]>(DRAFTS, { signal }),
    staleTime: 0,
  });

export function useContentDrafts() {
  return useQuery(contentDraftsQueryOptions());
}

/** A draft action on a section; afterwards its entries, history and the drafts list are re-read. */
function useSectionDraftMutation<T, V = void>(
  sectionKey: string,
  action: (variables: V) => Promise<T>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    // Not awaited: the draft's controls go once it is re-read, and the caller's callbacks (their
    // toasts) must run before that.
    onSettled: () => void invalidateSection(queryClient, sectionKey),
  });
}

/** POST …/:section/publish — the draft goes live. */
export const usePublishDraft = (sectionKey: string) =>
  useSectionDraftMutation(sectionKey, () =>
    api.post<PublishResult>(draftApiPath(sectionKey, 'publish')),
  );

/** DELETE …/:section — the draft (and its planned publish) is dropped. */
export const useDiscardDraft = (sectionKey: string) =>
  useSectionDraftMutation(sectionKey, () => api.delete(draftApiPath(sectionKey)));

/** PUT …/:section/schedule — the draft goes live at `publishAt` (an ISO instant, UTC). */
export const useScheduleDraft = (sectionKey: string) =>
  useSectionDraftMutation(sectionKey, (publishAt: string) =>
    api.put<DraftSummary>(draftApiPath(sectionKey, 'schedule'), { publishAt }),
  );

/** DELETE …/:section/schedule — the planned publish is cancelled. */
export const useCancelSchedule = (sectionKey: string) =>
  useSectionDraftMutation(sectionKey, () => api.delete(draftApiPath(sectionKey, 'schedule')));

/** POST /api/admin/content-drafts/publish — every draft goes live in one transaction. */
export function usePublishAllDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PublishResult>(`${DRAFTS}/publish`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: contentAdminKeys.all }),
  });
}
