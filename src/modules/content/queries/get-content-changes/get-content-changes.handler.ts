import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SECTION_LIST, type SectionKey } from '../../../../contracts/content/index.js';
import { type ContentChanges, GetContentChangesQuery } from './get-content-changes.query.js';

const iso = (at: Date | string) => new Date(at).toISOString();

/** Reads the history's times: one grouped scan of its index, plus one per section with a unique field. */
@QueryHandler(GetContentChangesQuery)
export class GetContentChangesHandler implements IQueryHandler<GetContentChangesQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<ContentChanges> {
    const connection = this.em.getConnection();
    const rows = await connection.execute<{ section: string; at: Date | string }[]>(
      'select section, max(at) as at from content_revision group by section',
    );
    const sections: Partial<Record<SectionKey, string>> = {};
    for (const row of rows) sections[row.section as SectionKey] = iso(row.at);

    const byUniqueValue: Partial<Record<SectionKey, Record<string, string>>> = {};
    for (const section of SECTION_LIST) {
      for (const field of section.fields.filter((candidate) => candidate.unique)) {
        const values = await connection.execute<{ value: string; at: Date | string }[]>(
          `select v.value, max(r.at) as at
             from content_revision r
             cross join lateral (values (r.before ->> ?), (r.after ->> ?)) as v (value)
            where r.section = ? and v.value is not null
            group by v.value`,
          [field.name, field.name, section.key],
        );
        const times = (byUniqueValue[section.key as SectionKey] ??= {});
        for (const { value, at } of values) {
          if (!times[value] || times[value] < iso(at)) times[value] = iso(at);
        }
      }
    }
    return { sections, byUniqueValue };
  }
}
