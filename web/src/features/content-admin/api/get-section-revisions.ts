import { type Revision } from '@contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contentAdminKeys } from './query-keys';
import { sectionApiPath } from './section-path';

/** GET /api/content/:section/revisions — every write to the section, newest first. */
export function getSectionRevisions(sectionKey: string, signal?: AbortSignal): Promise<Revision[]> {
  return api.get<Revision[]>(sectionApiPath(sectionKey, 'revisions'), { signal });
}

export const sectionRevisionsQueryOptions = (sectionKey: string) =>
  queryOptions({
    queryKey: contentAdminKeys.revisions(sectionKey),
    queryFn: ({ signal }) => getSectionRevisions(sectionKey, signal),
    staleTime: 0,
  });

export function useSectionRevisions(sectionKey: string, { enabled = true } = {}) {
  return useQuery({ ...sectionRevisionsQueryOptions(sectionKey), enabled });
}
