import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ChangeVersions } from '../../../../platform/database/change-versions.js';

/**
 * The content's version now (`content_version`, bumped in the transaction of every content write):
 * read after the query was asked, or within a request after the request arrived, so a change committed
 * before is seen, in any process.
 */
export class GetContentVersionQuery extends Query<number> {}

@QueryHandler(GetContentVersionQuery)
export class GetContentVersionHandler implements IQueryHandler<GetContentVersionQuery> {
  constructor(private readonly versions: ChangeVersions) {
    versions.register('content', 'content_version');
  }

  execute(): Promise<number> {
    return this.versions.read('content');
  }
}
