import { Command } from '@nestjs/cqrs';
import type { Message } from '../../../../contracts/messages.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin read the message: UnRead → Read. Marking a Read message again changes nothing. */
export class MarkMessageReadCommand extends Command<Message> {
  constructor(
    readonly messageId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
