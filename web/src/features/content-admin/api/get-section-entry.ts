import { CONTENT_MESSAGES, type Entry, findSection } from '@contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getSectionDraft } from './get-section-entries';
import { contentAdminKeys } from './query-keys';

/** One entry as the section's draft has it (one added in the draft too), or a 404 ApiError. */
export async function getSectionEntry(
  sectionKey: string,
  id: string,
  signal?: AbortSignal,
): Promise<Entry> {
  const draft = await getSectionDraft(sectionKey, signal);
  const entry = draft.entries.find((candidate) => candidate._id === id);
  if (!entry) {
    const label = findSection(sectionKey)?.label ?? sectionKey;
    throw new ApiError(404, CONTENT_MESSAGES.notFound(label));
  }
  return entry;
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
