import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { autoApprovedText } from '../../../../contracts/deliverables.js';
import { OrderTransitions } from '../../../orders/index.js';
import { approveLatestDelivery } from '../../domain/approve-delivery.js';
import { AutoApproveDeliveriesCommand } from './auto-approve-deliveries.command.js';

/** At most this many orders per run; the next run takes the rest. */
const BATCH = 100;
const DAY_MS = 86_400_000;

/**
 * Finds the orders waiting for an answer since before the cutoff (no transaction open), then approves
 * each under its row lock, where the cutoff is checked again: an order answered, redelivered or
 * approved meanwhile (by the customer, or by another worker running this job at the same time) is left
 * as it is, so each is approved once. An order whose payment is disputed is not approved by the job.
 * A failure of one order does not stop the others; the run then fails, to be retried.
 */
@CommandHandler(AutoApproveDeliveriesCommand)
export class AutoApproveDeliveriesHandler implements ICommandHandler<AutoApproveDeliveriesCommand> {
  private readonly logger = new Logger('AutoApproveDeliveries');

  constructor(
    private readonly em: EntityManager,
    private readonly transitions: OrderTransitions,
  ) {}

  async execute({ afterDays }: AutoApproveDeliveriesCommand): Promise<number> {
    const cutoff = new Date(Date.now() - afterDays * DAY_MS);
    const due = await this.em.fork().execute<{ id: string; customer_email: string }[]>(
      `select id, customer_email from "order"
        where work_stage = 'delivered' and order_status = 'Pending' and payment_status = 'Paid'
          and work_delivered_at < ? and (approved_at is null or approved_at < work_delivered_at)
        order by work_delivered_at limit ${BATCH}`,
      [cutoff],
    );
    let approved = 0;
    let failed: unknown;
    for (const { id, customer_email: email } of due) {
      try {
        if (await this.approve(id, email, cutoff, afterDays)) approved++;
      } catch (error) {
        failed ??= error;
        this.logger.warn({ err: error, orderId: id }, 'Auto-approval of a delivery failed');
      }
    }
    if (failed) throw failed;
    return approved;
  }

  private async approve(
    orderId: string,
    customerEmail: string,
    cutoff: Date,
    afterDays: number,
  ): Promise<boolean> {
    let approved = false;
    await this.transitions.run({
      orderId,
      // Taken on the customer's behalf (their silence): no admin's change for the audit log.
      actor: { kind: 'customer', email: customerEmail },
      summary: 'Delivery approved automatically',
      apply: async (order, tx, at) => {
        const waiting =
          order.workStage === 'delivered' &&
          order.orderStatus === 'Pending' &&
          order.paymentStatus === 'Paid' &&
          order.workDeliveredAt != null &&
          order.workDeliveredAt < cutoff &&
          (order.approvedAt == null || order.approvedAt < order.workDeliveredAt);
        if (!waiting) return [];
        approved = true;
        return approveLatestDelivery(order, tx, at, 'auto', () => autoApprovedText(afterDays));
      },
    });
    return approved;
  }
}
