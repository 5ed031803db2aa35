import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Redirect as RedirectView } from '../../../../../contracts/seo-redirects.js';
import { Redirect } from '../../domain/redirect.entity.js';
import { toRedirectView } from '../../domain/redirect.view.js';
import { ListRedirectsQuery } from './list-redirects.query.js';

@QueryHandler(ListRedirectsQuery)
export class ListRedirectsHandler implements IQueryHandler<ListRedirectsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<RedirectView[]> {
    const rules = await this.em
      .fork()
      .find(Redirect, {}, { orderBy: { fromKey: 'asc', match: 'asc' } });
    return rules.map(toRedirectView);
  }
}
