import { Command } from '@nestjs/cqrs';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin has a failed, invalid or mismatched notification verified with PayPal again. */
export class ReverifyPaymentNotificationCommand extends Command<void> {
  constructor(
    readonly notificationId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
