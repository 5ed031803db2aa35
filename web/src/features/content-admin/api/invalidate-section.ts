import { type QueryClient } from '@tanstack/react-query';
import { CONTENT_SNAPSHOT_KEY } from '../../../lib/query-keys';
import { contentAdminKeys } from './query-keys';

/**
 * After a write: the section's list, entries and history, the list of drafts, and the public pages'
 * snapshot.
 */
export function invalidateSection(queryClient: QueryClient, sectionKey: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contentAdminKeys.section(sectionKey) }),
    queryClient.invalidateQueries({ queryKey: contentAdminKeys.drafts() }),
    queryClient.invalidateQueries({ queryKey: CONTENT_SNAPSHOT_KEY }),
  ]);
}
