import { Command } from '@nestjs/cqrs';
import type { AdminUserInput } from '../../../../contracts/identity.js';
import type { AuthContext } from '../../../../platform/auth/access.js';

export class UpdateAdminUserCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly id: string,
    readonly input: AdminUserInput,
  ) {
    super();
  }
}
