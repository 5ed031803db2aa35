import { api } from '../../../lib/api-client';

/** What the editor's preview renders: a public page, and a section's unsaved entries. */
export interface PreviewInput {
  path: string;
  section?: string;
  entries?: Record<string, string>[];
}

/**
 * POST /api/admin/preview — the page rendered by the server with the drafts and the unsaved values:
 * its HTML (noindex, never cached).
 */
export function fetchPreview(input: PreviewInput, signal?: AbortSignal): Promise<string> {
  return api.post<string>('/api/admin/preview', input, { signal });
}
