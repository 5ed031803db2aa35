import { Command } from '@nestjs/cqrs';
import type { AdminUserInput } from '../../../../contracts/identity.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

export class UpdateAdminUserCommand extends Command<void> {
  constructor(
    /** The admin acting: never on their own entry's e-mail; recorded in the audit log. */
    readonly actor: AuditActor,
    readonly id: string,
    readonly input: AdminUserInput,
  ) {
    super();
  }
}
