import { withHttpSide } from '../../platform/http/http-side.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CreateEntryHandler } from './commands/create-entry/create-entry.handler.js';
import { DeleteEntryHandler } from './commands/delete-entry/delete-entry.handler.js';
import { RestoreRevisionHandler } from './commands/restore-revision/restore-revision.handler.js';
import { UpdateEntryHandler } from './commands/update-entry/update-entry.handler.js';
import { DiscardDraftHandler } from './commands/discard-draft/discard-draft.handler.js';
import { EditDraftEntryHandler } from './commands/edit-draft/edit-draft-entry.handler.js';
import { PublishDraftsHandler } from './commands/publish-drafts/publish-drafts.handler.js';
import {
  CancelScheduledPublishHandler,
  SchedulePublishHandler,
} from './commands/schedule-publish/schedule-publish.handler.js';
import { ContentSeeder } from './content-seeder.js';
import { ContentDraft } from './domain/content-draft.entity.js';
import { ContentPublishSchedule } from './domain/content-publish-schedule.entity.js';
import { PublishScheduledDraft } from './jobs/publish-scheduled-draft.handler.js';
import {
  GetDraftSectionHandler,
  GetPreviewContentHandler,
  ListDraftsHandler,
} from './queries/drafts/draft-queries.js';
import { ContentEntry } from './domain/content-entry.entity.js';
import { ContentRevision } from './domain/content-revision.entity.js';
import { ContentWrites } from './domain/content-writes.js';
import { ContentCache } from './queries/get-content/content-cache.js';
import { GetContentSnapshotHandler } from './queries/get-content/get-content-snapshot.query.js';
import { GetContentVersionHandler } from './queries/get-content-version/get-content-version.query.js';
import { GetContentChangesHandler } from './queries/get-content-changes/get-content-changes.handler.js';
import { GetEntryHandler } from './queries/get-entry/get-entry.handler.js';
import { ListEntriesHandler } from './queries/list-entries/list-entries.handler.js';
import { ListRevisionsHandler } from './queries/list-revisions/list-revisions.handler.js';

/** Every site section from one registry: storage, history, the public snapshot and the admin API. */
@Module({
  imports: [
    MikroOrmModule.forFeature([
      ContentEntry,
      ContentRevision,
      ContentDraft,
      ContentPublishSchedule,
    ]),
  ],
  providers: [
    ContentWrites,
    ContentCache,
    GetContentSnapshotHandler,
    GetContentVersionHandler,
    ContentSeeder,
    CreateEntryHandler,
    UpdateEntryHandler,
    DeleteEntryHandler,
    RestoreRevisionHandler,
    ListEntriesHandler,
    GetEntryHandler,
    ListRevisionsHandler,
    GetContentChangesHandler,
    EditDraftEntryHandler,
    PublishDraftsHandler,
    DiscardDraftHandler,
    SchedulePublishHandler,
    CancelScheduledPublishHandler,
    ListDraftsHandler,
    GetDraftSectionHandler,
    GetPreviewContentHandler,
    PublishScheduledDraft,
  ],
})
export class ContentModule {
  /** With its controllers and HTTP routes (content.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof ContentModule> {
    return withHttpSide(ContentModule, http, () => import('./content.http.js'));
  }
}
