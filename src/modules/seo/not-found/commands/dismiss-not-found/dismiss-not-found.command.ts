import { Command } from '@nestjs/cqrs';
import type { AuditActor } from '../../../../../platform/audit/audit-actor.js';

/** An admin dismisses a 404 path (it is counted afresh if it is asked for again). */
export class DismissNotFoundCommand extends Command<void> {
  constructor(
    readonly hitId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
