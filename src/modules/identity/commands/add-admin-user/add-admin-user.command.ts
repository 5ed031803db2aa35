import { Command } from '@nestjs/cqrs';
import type { AdminUserInput } from '../../../../contracts/identity.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin adds an entry to the admin list; resolves with the new entry's id. */
export class AddAdminUserCommand extends Command<string> {
  constructor(
    readonly input: AdminUserInput,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
