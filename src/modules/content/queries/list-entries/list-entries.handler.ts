import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Entry } from '../../../../contracts/content/index.js';
import { ContentEntry } from '../../domain/content-entry.entity.js';
import { requireSection, toEntryView } from '../../domain/sections.js';
import { ListEntriesQuery } from './list-entries.query.js';

/** A section's records, oldest first (the order they were added in). */
@QueryHandler(ListEntriesQuery)
export class ListEntriesHandler implements IQueryHandler<ListEntriesQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ sectionKey }: ListEntriesQuery): Promise<Entry[]> {
    const section = requireSection(sectionKey);
    const entries = await this.em
      .fork()
      .find(ContentEntry, { section: section.key }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return entries.map((entry) => toEntryView(section, entry));
  }
}
