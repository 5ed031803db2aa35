import { Command } from '@nestjs/cqrs';
import type { AuditActor } from '../../../../../platform/audit/audit-actor.js';

/** An admin removes a redirect rule; audited. */
export class DeleteRedirectCommand extends Command<void> {
  constructor(
    readonly redirectId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
