import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../../../../platform/audit/audit-trail.js';
import { Redirect } from '../../domain/redirect.entity.js';
import { auditedRule, redirectNotFound, requireRedirectId } from '../../domain/redirect.view.js';
import { DeleteRedirectCommand } from './delete-redirect.command.js';

/** Removes a rule with its audit entry (the rules' version moves: every process reads them again). */
@CommandHandler(DeleteRedirectCommand)
export class DeleteRedirectHandler implements ICommandHandler<DeleteRedirectCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ redirectId, actor }: DeleteRedirectCommand): Promise<void> {
    const id = requireRedirectId(redirectId);
    await this.em.fork().transactional(async (em) => {
      const redirect = await em.findOne(Redirect, { id });
      if (!redirect) throw redirectNotFound();
      em.remove(redirect);
      recordAudit(em, actor, {
        kind: 'redirect.deleted',
        targetType: 'redirect',
        targetId: redirect.id,
        summary: `Redirect removed: ${redirect.fromPath}`,
        before: auditedRule(redirect),
      });
    });
  }
}
