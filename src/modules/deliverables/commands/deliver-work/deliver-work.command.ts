import { Command } from '@nestjs/cqrs';
import type { DeliverWork, Delivery } from '../../../../contracts/deliverables.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/**
 * An admin delivers files (uploaded to the order as deliverables) with a note: a new round, the order's
 * stage becomes delivered and the customer is e-mailed. 409 while the order awaits its details, is not
 * paid, or is approved already; 400 naming a file that is not a deliverable of the order.
 */
export class DeliverWorkCommand extends Command<Delivery> {
  constructor(
    readonly orderId: string,
    readonly actor: AuditActor,
    readonly input: DeliverWork,
  ) {
    super();
  }
}
