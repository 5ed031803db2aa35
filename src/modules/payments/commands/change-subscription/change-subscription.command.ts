import { Command } from '@nestjs/cqrs';
import type { Subscription } from '../../../../contracts/subscriptions.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';
import type { SubscriptionAction } from './subscription-changes.js';

/** An admin pauses, resumes or cancels an order's subscription (audited, with a reason). */
export class ChangeSubscriptionCommand extends Command<Subscription> {
  constructor(
    readonly orderId: string,
    readonly action: SubscriptionAction,
    readonly reason: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
