import { Command } from '@nestjs/cqrs';
import type { AddAdminUserInput } from '../../../../contracts/identity.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/**
 * An admin adds an entry to the admin list; resolves with the new entry's id. An e-mail without an
 * account gets one: with the password given now, or none and an invitation e-mailed (the default).
 */
export class AddAdminUserCommand extends Command<string> {
  constructor(
    readonly input: AddAdminUserInput,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
