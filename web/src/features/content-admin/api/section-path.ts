/** `/api/content/:section`, with any further segments (each one encoded). */
export function sectionApiPath(sectionKey: string, ...segments: string[]): string {
  return ['/api/content', ...[sectionKey, ...segments].map(encodeURIComponent)].join('/');
}
