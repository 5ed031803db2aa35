/** What other modules and the composition root may use of content (lint rule: nothing else). */
export { CreateEntryCommand } from './commands/create-entry/create-entry.command.js';
export { DeleteEntryCommand } from './commands/delete-entry/delete-entry.command.js';
export { RestoreRevisionCommand } from './commands/restore-revision/restore-revision.command.js';
export { UpdateEntryCommand } from './commands/update-entry/update-entry.command.js';
export {
  GetContentSnapshotQuery,
  type VersionedContent,
} from './queries/get-content/get-content-snapshot.query.js';
export { GetContentVersionQuery } from './queries/get-content-version/get-content-version.query.js';
export { GetEntryQuery } from './queries/get-entry/get-entry.query.js';
export { ListEntriesQuery } from './queries/list-entries/list-entries.query.js';
export { ListRevisionsQuery } from './queries/list-revisions/list-revisions.query.js';
export {
  type ContentChanges,
  GetContentChangesQuery,
} from './queries/get-content-changes/get-content-changes.query.js';
export { ContentChanged } from './domain/content-changed.event.js';
export {
  ContentSectionChanged,
  type ContentSectionChangedPayload,
} from './domain/content.events.js';
export { GetPreviewContentQuery } from './queries/drafts/draft-queries.js';
export { ContentModule } from './content.module.js';
