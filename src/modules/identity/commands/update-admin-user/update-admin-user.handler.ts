import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { AdminUser } from '../../domain/admin-user.entity.js';
import {
  adminUserNotFound,
  flushAdminUser,
  isLastAdmin,
  LOCK_ADMIN_LIST_SQL,
  lastAdminRole,
  ownAdminUser,
  requireAdminUserId,
} from '../../domain/admin-user-errors.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { UpdateAdminUserCommand } from './update-admin-user.command.js';

/**
 * Replaces an entry's e-mail and role. Changing your own entry's e-mail or role would drop your rights,
 * and the last Admin cannot become another role: both refused.
 */
@CommandHandler(UpdateAdminUserCommand)
export class UpdateAdminUserHandler implements ICommandHandler<UpdateAdminUserCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ actor, id, input }: UpdateAdminUserCommand): Promise<void> {
    requireAdminUserId(id);
    await this.em.fork().transactional(async (em) => {
      // Serialised with removals and other edits, so two admins cannot demote each other at once.
      await em.getConnection().execute(LOCK_ADMIN_LIST_SQL, [], 'all', em.getTransactionContext());
      const entry = await em.findOne(AdminUser, id);
      if (!entry) throw adminUserNotFound();
      const email = normalizeEmail(input.userEmail);
      const own = entry.email === actor.email;
      if (own && (email !== entry.email || input.userRole !== entry.role)) throw ownAdminUser();
      if (input.userRole !== entry.role && (await isLastAdmin(em, entry))) throw lastAdminRole();
      const before = { email: entry.email, role: entry.role };
      entry.email = email;
      entry.role = input.userRole;
      recordAudit(em, actor, {
        kind: before.role === entry.role ? 'admin-user.updated' : 'admin-user.role-changed',
        targetType: 'admin-user',
        targetId: entry.id,
        summary:
          before.role === entry.role
            ? `Admin user ${before.email} edited`
            : `${before.email} changed from ${before.role} to ${entry.role}`,
        before,
        after: { email: entry.email, role: entry.role },
      });
      await flushAdminUser(em);
    });
  }
}
