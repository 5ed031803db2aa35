import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import {
  type ContentSnapshot,
  type DraftSection,
  type DraftSummary,
  type Entry,
  findSection,
  type SectionDef,
  toEntryViewData,
} from '../../../../contracts/content/index.js';
import { ContentDraft } from '../../domain/content-draft.entity.js';
import { ContentPublishSchedule } from '../../domain/content-publish-schedule.entity.js';
import { applyChanges, draftSummary, publishedEntries } from '../../domain/drafts.js';
import { requireSection } from '../../domain/sections.js';
import { GetContentSnapshotQuery } from '../get-content/get-content-snapshot.query.js';

/** Every section with unpublished changes: by whom, when, and its planned publish. */
export class ListDraftsQuery extends Query<DraftSummary[]> {}

/** A section's entries as its draft has them, for the editor. */
export class GetDraftSectionQuery extends Query<DraftSection> {
  constructor(readonly sectionKey: string) {
    super();
  }
}

/**
 * The public snapshot with every draft applied and, optionally, one section's entries as the
 * editor's form holds them (unsaved): what the preview renders.
 */
export class GetPreviewContentQuery extends Query<ContentSnapshot> {
  constructor(readonly override?: { section: string; entries: readonly Record<string, string>[] }) {
    super();
  }
}

async function pendingSchedules(em: EntityManager): Promise<Map<string, ContentPublishSchedule>> {
  const schedules = await em.find(ContentPublishSchedule, { status: 'pending' });
  return new Map(schedules.map((schedule) => [schedule.section, schedule]));
}

@QueryHandler(ListDraftsQuery)
export class ListDraftsHandler implements IQueryHandler<ListDraftsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<DraftSummary[]> {
    const em = this.em.fork();
    const [drafts, schedules] = await Promise.all([
      em.find(ContentDraft, {}, { orderBy: { section: 'asc' } }),
      pendingSchedules(em),
    ]);
    return drafts.map((draft) => draftSummary(draft, schedules.get(draft.section) ?? null));
  }
}

@QueryHandler(GetDraftSectionQuery)
export class GetDraftSectionHandler implements IQueryHandler<GetDraftSectionQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ sectionKey }: GetDraftSectionQuery): Promise<DraftSection> {
    const section = requireSection(sectionKey);
    const em = this.em.fork();
    const [draft, published, schedule] = await Promise.all([
      em.findOne(ContentDraft, { section: section.key }),
      publishedEntries(em, section.key),
      em.findOne(ContentPublishSchedule, { section: section.key, status: 'pending' }),
    ]);
    const entries = applyChanges(published, draft?.changes ?? []);
    return {
      section: section.key,
      entries: entries.map((entry) => toEntryViewData(section, entry.id, entry.data)),
      draft: draft ? draftSummary(draft, schedule) : null,
    };
  }
}

@QueryHandler(GetPreviewContentQuery)
export class GetPreviewContentHandler implements IQueryHandler<GetPreviewContentQuery> {
  constructor(
    private readonly em: EntityManager,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ override }: GetPreviewContentQuery): Promise<ContentSnapshot> {
    const em = this.em.fork();
    const [{ content }, drafts] = await Promise.all([
      this.queryBus.execute(new GetContentSnapshotQuery()),
      em.find(ContentDraft, {}),
    ]);
    const sections: Record<string, Entry[]> = { ...content.sections };
    for (const draft of drafts) {
      const section = findSection(draft.section);
      if (!section) continue;
      const entries = applyChanges(await publishedEntries(em, section.key), draft.changes);
      sections[section.key] = entries.map((entry) =>
        toEntryViewData(section, entry.id, entry.data),
      );
    }
    const overridden = override && findSection(override.section);
    if (overridden) sections[overridden.key] = unsavedEntries(overridden, override.entries);
    return { ...content, sections } as ContentSnapshot;
  }
}

/** The form's values as entries: the section's own fields only, each entry keeping its `_id`. */
function unsavedEntries(section: SectionDef, entries: readonly Record<string, string>[]): Entry[] {
  return entries.map((values, index) => {
    const data: Record<string, string> = {};
    for (const field of section.fields) {
      const value = values[field.name];
      if (typeof value === 'string' && value !== '') data[field.name] = value;
    }
    return toEntryViewData(section, values._id ?? `unsaved-${index}`, data);
  });
}
