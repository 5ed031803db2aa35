import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AdminUser } from '../../domain/admin-user.entity.js';
import {
  adminUserNotFound,
  LOCK_ADMIN_LIST_SQL,
  lastAdminUser,
  ownAdminUser,
  requireAdminUserId,
} from '../../domain/admin-user-errors.js';
import { RemoveAdminUserCommand } from './remove-admin-user.command.js';

/** Removes an entry from the admin list: never the last one, never your own. */
@CommandHandler(RemoveAdminUserCommand)
export class RemoveAdminUserHandler implements ICommandHandler<RemoveAdminUserCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ auth, id }: RemoveAdminUserCommand): Promise<void> {
    requireAdminUserId(id);
    await this.em.fork().transactional(async (em) => {
      await em.getConnection().execute(LOCK_ADMIN_LIST_SQL, [], 'all', em.getTransactionContext());
      const entry = await em.findOne(AdminUser, id);
      if (!entry) throw adminUserNotFound();
      if ((await em.count(AdminUser)) <= 1) throw lastAdminUser();
      if (entry.email === auth.account.email) throw ownAdminUser();
      em.remove(entry);
    });
  }
}
