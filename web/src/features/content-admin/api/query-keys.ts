/** Query keys of the content admin screens; every write invalidates its section's `section(key)`. */
export const contentAdminKeys = {
  all: ['content-admin'] as const,
  /** The sections with unpublished changes (not a section key: no section is named so). */
  drafts: () => [...contentAdminKeys.all, '#drafts'] as const,
  section: (sectionKey: string) => [...contentAdminKeys.all, sectionKey] as const,
  list: (sectionKey: string) => [...contentAdminKeys.section(sectionKey), 'list'] as const,
  entry: (sectionKey: string, id: string) =>
    [...contentAdminKeys.section(sectionKey), 'entry', id] as const,
  revisions: (sectionKey: string) =>
    [...contentAdminKeys.section(sectionKey), 'revisions'] as const,
};
