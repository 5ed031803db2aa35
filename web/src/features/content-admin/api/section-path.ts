/** `/api/content/:section`, with any further segments (each one encoded). */
export function sectionApiPath(sectionKey: string, ...segments: string[]): string {
  return ['/api/content', ...[sectionKey, ...segments].map(encodeURIComponent)].join('/');
}

/** `/api/admin/content-drafts/:section`, with any further segments: the editor's draft. */
export function draftApiPath(sectionKey: string, ...segments: string[]): string {
  return ['/api/admin/content-drafts', ...[sectionKey, ...segments].map(encodeURIComponent)].join(
    '/',
  );
}
