import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CONTENT_MESSAGES, type Entry } from '../../../../contracts/content/index.js';
import { ContentEntry } from '../../domain/content-entry.entity.js';
import { requireEntryId, requireSection, toEntryView } from '../../domain/sections.js';
import { GetEntryQuery } from './get-entry.query.js';

@QueryHandler(GetEntryQuery)
export class GetEntryHandler implements IQueryHandler<GetEntryQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ sectionKey, id }: GetEntryQuery): Promise<Entry> {
    const section = requireSection(sectionKey);
    const entry = await this.em
      .fork()
      .findOne(ContentEntry, { id: requireEntryId(section, id), section: section.key });
    if (!entry) throw new NotFoundException(CONTENT_MESSAGES.notFound(section.label));
    return toEntryView(section, entry);
  }
}
