import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SEO_CHECK_TEXTS, type SeoCheck as SeoCheckView } from '../../../../contracts/seo-check.js';
import { SeoCheck } from '../../domain/seo-check.entity.js';
import { toSeoCheckView } from '../../domain/seo-check.mapper.js';
import { GetSeoCheckQuery } from './get-seo-check.query.js';

@QueryHandler(GetSeoCheckQuery)
export class GetSeoCheckHandler implements IQueryHandler<GetSeoCheckQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ checkId }: GetSeoCheckQuery): Promise<SeoCheckView> {
    const check = await this.em.fork().findOne(SeoCheck, { id: checkId });
    if (!check) throw new NotFoundException(SEO_CHECK_TEXTS.notFound);
    return toSeoCheckView(check);
  }
}
