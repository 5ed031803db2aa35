import { Command } from '@nestjs/cqrs';
import type { Subscription } from '../../../../contracts/subscriptions.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin moves an order's subscription to the plan of its package's current price (audited). */
export class MigrateSubscriptionCommand extends Command<Subscription> {
  constructor(
    readonly orderId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
