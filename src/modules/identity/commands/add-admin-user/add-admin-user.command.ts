import { Command } from '@nestjs/cqrs';
import type { AdminUserInput } from '../../../../contracts/identity.js';

/** Resolves with the new entry's id. */
export class AddAdminUserCommand extends Command<string> {
  constructor(readonly input: AdminUserInput) {
    super();
  }
}
