import { type DraftSection, type Entry } from '@contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contentAdminKeys } from './query-keys';
import { draftApiPath } from './section-path';

/** GET /api/admin/content-drafts/:section — the entries as the editor's draft has them. */
export function getSectionDraft(sectionKey: string, signal?: AbortSignal): Promise<DraftSection> {
  return api.get<DraftSection>(draftApiPath(sectionKey), { signal });
}

export const sectionDraftQueryOptions = (sectionKey: string) =>
  queryOptions({
    queryKey: contentAdminKeys.list(sectionKey),
    queryFn: ({ signal }) => getSectionDraft(sectionKey, signal),
    // Editors expect to see what is stored now, not what was stored a minute ago.
    staleTime: 0,
  });

/** The section's draft: its entries (the published ones when there is no draft) and its status. */
export function useSectionDraft(sectionKey: string) {
  return useQuery(sectionDraftQueryOptions(sectionKey));
}

const entriesOf = (draft: DraftSection): Entry[] => draft.entries;

/** The section's entries as the editor works on them (its draft applied). */
export function useSectionEntries(sectionKey: string) {
  return useQuery({ ...sectionDraftQueryOptions(sectionKey), select: entriesOf });
}
