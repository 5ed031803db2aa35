import { type Entry } from '@contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contentAdminKeys } from './query-keys';
import { sectionApiPath } from './section-path';

/** GET /api/content/:section/:id — one entry, or 404. */
export function getSectionEntry(
  sectionKey: string,
  id: string,
  signal?: AbortSignal,
): Promise<Entry> {
  return api.get<Entry>(sectionApiPath(sectionKey, id), { signal });
}

export const sectionEntryQueryOptions = (sectionKey: string, id: string) =>
  queryOptions({
    queryKey: contentAdminKeys.entry(sectionKey, id),
    queryFn: ({ signal }) => getSectionEntry(sectionKey, id, signal),
    staleTime: 0,
  });

export function useSectionEntry(sectionKey: string, id: string) {
  return useQuery(sectionEntryQueryOptions(sectionKey, id));
}
