import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateSection } from './invalidate-section';
import { draftApiPath } from './section-path';

/** DELETE /api/admin/content-drafts/:section/entries/:id — 204 (deleted in the draft). */
export function deleteSectionEntry(sectionKey: string, id: string): Promise<void> {
  return api.delete(draftApiPath(sectionKey, 'entries', id));
}

export function useDeleteSectionEntry(sectionKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSectionEntry(sectionKey, id),
    // Also after a failure: a 404 means the list shown is out of date.
    onSettled: () => invalidateSection(queryClient, sectionKey),
  });
}
