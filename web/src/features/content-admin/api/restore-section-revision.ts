import { type Entry } from '@contracts/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateSection } from './invalidate-section';
import { sectionApiPath } from './section-path';

/**
 * POST /api/content/:section/revisions/:revisionId/restore — 200 with the entry put back as it was
 * after that revision (before it, for a deletion); 409 when it cannot be (a singleton taken since).
 */
export function restoreSectionRevision(sectionKey: string, revisionId: string): Promise<Entry> {
  return api.post<Entry>(sectionApiPath(sectionKey, 'revisions', revisionId, 'restore'));
}

export function useRestoreSectionRevision(sectionKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: string) => restoreSectionRevision(sectionKey, revisionId),
    onSettled: () => invalidateSection(queryClient, sectionKey),
  });
}
