import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { AdminUser } from '../../domain/admin-user.entity.js';
import {
  adminUserNotFound,
  isLastAdmin,
  LOCK_ADMIN_LIST_SQL,
  lastAdminUser,
  ownAdminUser,
  requireAdminUserId,
} from '../../domain/admin-user-errors.js';
import { RemoveAdminUserCommand } from './remove-admin-user.command.js';

/** Removes an entry from the admin list: never the last Admin, never your own. */
@CommandHandler(RemoveAdminUserCommand)
export class RemoveAdminUserHandler implements ICommandHandler<RemoveAdminUserCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ actor, id }: RemoveAdminUserCommand): Promise<void> {
    requireAdminUserId(id);
    await this.em.fork().transactional(async (em) => {
      await em.getConnection().execute(LOCK_ADMIN_LIST_SQL, [], 'all', em.getTransactionContext());
      const entry = await em.findOne(AdminUser, id);
      if (!entry) throw adminUserNotFound();
      if (await isLastAdmin(em, entry)) throw lastAdminUser();
      if (entry.email === actor.email) throw ownAdminUser();
      em.remove(entry);
      recordAudit(em, actor, {
        kind: 'admin-user.removed',
        targetType: 'admin-user',
        targetId: entry.id,
        summary: `${entry.email} removed from the admin users`,
        before: { email: entry.email, role: entry.role },
      });
    });
  }
}
