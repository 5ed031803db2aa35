import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FreshRead } from '../../../../platform/database/fresh-read.js';

/**
 * The content's version now (`content_version`, bumped in the transaction of every content write):
 * read after the query was asked, so a change committed before is seen, in any process.
 */
export class GetContentVersionQuery extends Query<number> {}

@QueryHandler(GetContentVersionQuery)
export class GetContentVersionHandler implements IQueryHandler<GetContentVersionQuery> {
  private readonly version: FreshRead<number>;

  constructor(em: EntityManager) {
    this.version = new FreshRead(async () => {
      const [row] = await em
        .getConnection()
        .execute<{ version: string }[]>('select version from content_version');
      return Number(row?.version ?? 0);
    });
  }

  execute(): Promise<number> {
    return this.version.read();
  }
}
