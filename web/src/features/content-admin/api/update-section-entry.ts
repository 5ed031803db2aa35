import { type Entry } from '@contracts/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateSection } from './invalidate-section';
import { draftApiPath } from './section-path';

export interface UpdateSectionEntryVariables {
  id: string;
  /** Every field: the entry is replaced (an absent optional field is removed). */
  fields: Record<string, string>;
}

/** PUT /api/admin/content-drafts/:section/entries/:id — 200 with the entry as drafted; 400 | 404. */
export function updateSectionEntry(
  sectionKey: string,
  { id, fields }: UpdateSectionEntryVariables,
): Promise<Entry> {
  return api.put<Entry>(draftApiPath(sectionKey, 'entries', id), fields);
}

export function useUpdateSectionEntry(sectionKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateSectionEntryVariables) =>
      updateSectionEntry(sectionKey, variables),
    onSuccess: () => invalidateSection(queryClient, sectionKey),
  });
}
