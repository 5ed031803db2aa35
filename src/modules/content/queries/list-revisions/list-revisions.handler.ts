import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Revision } from '../../../../contracts/content/index.js';
import { ContentRevision } from '../../domain/content-revision.entity.js';
import { requireSection } from '../../domain/sections.js';
import { ListRevisionsQuery } from './list-revisions.query.js';

/** How many revisions the history shows. */
const HISTORY_LENGTH = 100;

/** A section's history, newest first. */
@QueryHandler(ListRevisionsQuery)
export class ListRevisionsHandler implements IQueryHandler<ListRevisionsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ sectionKey }: ListRevisionsQuery): Promise<Revision[]> {
    const section = requireSection(sectionKey);
    const revisions = await this.em
      .fork()
      .find(
        ContentRevision,
        { section: section.key },
        { orderBy: { at: 'desc', id: 'desc' }, limit: HISTORY_LENGTH },
      );
    return revisions.map((revision) => ({
      _id: revision.id,
      entryId: revision.entryId,
      section: revision.section,
      action: revision.action,
      before: revision.before ?? null,
      after: revision.after ?? null,
      actorEmail: revision.actorEmail ?? null,
      at: revision.at.toISOString(),
      ...(revision.published && { published: true }),
    }));
  }
}
