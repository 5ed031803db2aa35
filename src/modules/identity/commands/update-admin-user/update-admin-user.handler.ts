import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AdminUserInput } from '../../../../contracts/identity.js';
import type { AuthContext } from '../../../../platform/auth/access.js';
import { AdminUser } from '../../domain/admin-user.entity.js';
import { duplicateAdminUser, ownAdminUser } from '../../domain/admin-user-errors.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { isUuid } from '../../../../contracts/ids.js';

export class UpdateAdminUserCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly id: string,
    readonly input: AdminUserInput,
  ) {
    super();
  }
}

/** Replaces an entry's e-mail and role. Changing your own e-mail away would drop your rights: refused. */
@CommandHandler(UpdateAdminUserCommand)
export class UpdateAdminUserHandler implements ICommandHandler<UpdateAdminUserCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ auth, id, input }: UpdateAdminUserCommand): Promise<void> {
    const em = this.em.fork();
    const entry = isUuid(id) ? await em.findOne(AdminUser, id) : null;
    if (!entry) throw new NotFoundException('Admin user not found');
    const email = normalizeEmail(input.userEmail);
    if (entry.email === auth.account.email && email !== entry.email) throw ownAdminUser();
    entry.email = email;
    entry.role = input.userRole;
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw duplicateAdminUser();
      throw error;
    }
  }
}
