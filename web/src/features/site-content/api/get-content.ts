import { type ContentSnapshot, type Entry, type SectionKey } from '@contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CONTENT_SNAPSHOT_KEY } from '../../../lib/query-keys';

/** GET /api/content — every section's entries in one answer (the server answers 304 while unchanged). */
export function getContent(signal?: AbortSignal): Promise<ContentSnapshot> {
  return api.get<ContentSnapshot>('/api/content', { signal });
}

/** The admin content screens invalidate this key after every write. */
export const contentQueryKey = CONTENT_SNAPSHOT_KEY;

export const contentQueryOptions = () =>
  queryOptions({
    queryKey: contentQueryKey,
    queryFn: ({ signal }) => getContent(signal),
    staleTime: 30_000,
  });

/** The site's content, shared by every public page and the footer. */
export function useContent() {
  return useQuery(contentQueryOptions());
}

/** A singleton section's entry, if it has one. */
export function singleton(snapshot: ContentSnapshot, key: SectionKey): Entry | undefined {
  return snapshot.sections[key]?.[0];
}

/** A collection section's entries, in the server's order. */
export function collection(snapshot: ContentSnapshot, key: SectionKey): Entry[] {
  return snapshot.sections[key] ?? [];
}

/** A field's text, trimmed; `undefined` when absent or blank. */
export function field(entry: Entry | undefined, name: string): string | undefined {
  const value = entry?.[name]?.trim();
  return value ? value : undefined;
}
