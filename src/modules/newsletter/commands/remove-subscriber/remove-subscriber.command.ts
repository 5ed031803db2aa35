import { Command } from '@nestjs/cqrs';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin removes an address from the newsletter, whatever its status. */
export class RemoveSubscriberCommand extends Command<void> {
  constructor(
    readonly id: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
