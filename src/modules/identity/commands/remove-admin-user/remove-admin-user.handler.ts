import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../../platform/auth/access.js';
import { AdminUser } from '../../domain/admin-user.entity.js';
import {
  LOCK_ADMIN_LIST_SQL,
  lastAdminUser,
  ownAdminUser,
} from '../../domain/admin-user-errors.js';

export class RemoveAdminUserCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly id: string,
  ) {
    super();
  }
}

/** Removes an entry from the admin list: never the last one, never your own. */
@CommandHandler(RemoveAdminUserCommand)
export class RemoveAdminUserHandler implements ICommandHandler<RemoveAdminUserCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ auth, id }: RemoveAdminUserCommand): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await em.getConnection().execute(LOCK_ADMIN_LIST_SQL, [], 'all', em.getTransactionContext());
      const entry = await em.findOne(AdminUser, id);
      if (!entry) throw new NotFoundException('Admin user not found');
      if ((await em.count(AdminUser)) <= 1) throw lastAdminUser();
      if (entry.email === auth.account.email) throw ownAdminUser();
      em.remove(entry);
    });
  }
}
