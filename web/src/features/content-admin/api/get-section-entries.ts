import { type Entry } from '@contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contentAdminKeys } from './query-keys';
import { sectionApiPath } from './section-path';

/** GET /api/content/:section — the section's entries. */
export function getSectionEntries(sectionKey: string, signal?: AbortSignal): Promise<Entry[]> {
  return api.get<Entry[]>(sectionApiPath(sectionKey), { signal });
}

export const sectionEntriesQueryOptions = (sectionKey: string) =>
  queryOptions({
    queryKey: contentAdminKeys.list(sectionKey),
    queryFn: ({ signal }) => getSectionEntries(sectionKey, signal),
    // Editors expect to see what is stored now, not what was stored a minute ago.
    staleTime: 0,
  });

export function useSectionEntries(sectionKey: string) {
  return useQuery(sectionEntriesQueryOptions(sectionKey));
}
