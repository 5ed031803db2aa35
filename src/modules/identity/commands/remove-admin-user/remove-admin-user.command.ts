import { Command } from '@nestjs/cqrs';
import type { AuthContext } from '../../../../platform/auth/access.js';

export class RemoveAdminUserCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly id: string,
  ) {
    super();
  }
}
