import { type Entry } from '@contracts/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateSection } from './invalidate-section';
import { draftApiPath } from './section-path';

/** POST /api/admin/content-drafts/:section/entries — 201 with the drafted entry; 400 | 409. */
export function addSectionEntry(
  sectionKey: string,
  fields: Record<string, string>,
): Promise<Entry> {
  return api.post<Entry>(draftApiPath(sectionKey, 'entries'), fields);
}

export function useAddSectionEntry(sectionKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, string>) => addSectionEntry(sectionKey, fields),
    // Also after a failure: a 409 means the page shows a singleton that now has its entry.
    onSettled: () => invalidateSection(queryClient, sectionKey),
  });
}
