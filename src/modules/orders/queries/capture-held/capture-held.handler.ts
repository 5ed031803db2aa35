import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { captureUnderWay } from '../../commands/hold-for-capture/capture-hold.js';
import { CaptureHeldByOtherQuery } from './capture-held.query.js';

@QueryHandler(CaptureHeldByOtherQuery)
export class CaptureHeldByOtherHandler implements IQueryHandler<CaptureHeldByOtherQuery> {
  constructor(private readonly em: EntityManager) {}

  execute({ orderId, exceptToken }: CaptureHeldByOtherQuery): Promise<boolean> {
    return captureUnderWay(this.em.fork(), orderId, exceptToken);
  }
}
