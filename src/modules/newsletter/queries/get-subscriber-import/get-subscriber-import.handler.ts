import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SubscriberImport } from '../../../../contracts/subscriber-import.js';
import { readSubscriberImport } from '../../domain/subscriber-import.js';
import { GetSubscriberImportQuery } from './get-subscriber-import.query.js';

@QueryHandler(GetSubscriberImportQuery)
export class GetSubscriberImportHandler implements IQueryHandler<GetSubscriberImportQuery> {
  constructor(private readonly em: EntityManager) {}

  execute({ importId }: GetSubscriberImportQuery): Promise<SubscriberImport | null> {
    return readSubscriberImport(this.em.fork(), importId);
  }
}
