import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../../../../platform/audit/audit-trail.js';
import { lockedHit, removeHit, requireHitId } from '../../domain/not-found-hits.js';
import { DismissNotFoundCommand } from './dismiss-not-found.command.js';

@CommandHandler(DismissNotFoundCommand)
export class DismissNotFoundHandler implements ICommandHandler<DismissNotFoundCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ hitId, actor }: DismissNotFoundCommand): Promise<void> {
    const id = requireHitId(hitId);
    await this.em.fork().transactional(async (em) => {
      const hit = await lockedHit(em, id);
      await removeHit(em, id);
      recordAudit(em, actor, {
        kind: 'not-found.dismissed',
        targetType: 'not-found',
        targetId: id,
        summary: `404 path dismissed: ${hit.path} (${hit.count} hits)`,
        before: { path: hit.path, count: Number(hit.count) },
      });
    });
  }
}
