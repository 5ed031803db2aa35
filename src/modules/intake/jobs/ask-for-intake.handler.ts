import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { INTAKE_TEXTS } from '../../../contracts/intake.js';
import { Mailer } from '../../../platform/mail/mail.port.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { ListAdminRecipientsQuery } from '../../identity/index.js';
import { orderMailProps, OrderTransitions, recordOrderActivity } from '../../orders/index.js';
import { asksQuestions, latestForm } from '../domain/intake-forms.js';
import { PricingPackages } from '../domain/pricing-packages.js';

/**
 * Once an order is paid, in the worker: when its package has questions, the customer is e-mailed
 * "Tell us about your project" with the order page's link (in the handler's transaction, sent once);
 * when it has none, the work starts at once (In progress, due the package's delivery time later).
 * The class name is the ledger's key: renaming it would handle the events in flight again.
 */
@Injectable()
@HandlesDomainEvent('OrderPaid')
export class AskForIntakeDetails implements DomainEventHandler<'OrderPaid'> {
  constructor(
    private readonly mail: Mailer,
    private readonly transitions: OrderTransitions,
    private readonly packages: PricingPackages,
  ) {}

  async handle(event: DomainEventJob<'OrderPaid'>, tx: EntityManager): Promise<void> {
    const order = event.payload;
    const [row] = await tx.execute<
      { package_id: string; payment_status: string; intake_submitted_at: Date | null }[]
    >(`select package_id, payment_status, intake_submitted_at from "order" where id = ?`, [
      order.orderId,
    ]);
    // Refunded or cancelled meanwhile, or the details are in already: nothing to ask.
    if (!row || row.payment_status !== 'Paid' || row.intake_submitted_at) return;
    const form = await latestForm(tx, row.package_id);
    if (asksQuestions(form)) {
      this.mail.send(tx, {
        template: 'intakeRequest',
        to: order.customerEmail,
        props: { ...orderMailProps(order), orderUrl: this.mail.link(`/orders/${order.orderId}`) },
      });
      return;
    }
    await this.startWork(order.orderId, order.customerEmail, row.package_id);
  }

  /**
   * No questions: the work starts now. Its own transaction (the order's lock); done at most once
   * however often this event is handled (a second run finds the intake submitted and does nothing).
   */
  private async startWork(orderId: string, customerEmail: string, packageId: string) {
    const days = (await this.packages.find(packageId))?.deliveryDays ?? null;
    try {
      await this.transitions.run({
        orderId,
        actor: { kind: 'customer', email: customerEmail },
        summary: 'Work started',
        apply: (order, tx, at) => {
          if (order.intakeSubmittedAt) return Promise.resolve([]);
          order.submitIntake(at, days);
          recordOrderActivity(tx, {
            orderId,
            kind: 'intake_submitted',
            actor: 'system',
            text: INTAKE_TEXTS.timelineNoQuestions,
            at,
          });
          return Promise.resolve([]);
        },
      });
    } catch (error) {
      // The order is no longer open to work (refunded, completed): nothing to start.
      if (!(error instanceof ConflictException)) throw error;
    }
  }
}

/**
 * The customer sent (or corrected) the project's details: every admin is e-mailed, with the order
 * page's link (the live feed announces it too).
 */
@Injectable()
@HandlesDomainEvent('IntakeSubmitted')
export class TellAdminsOfIntake implements DomainEventHandler<'IntakeSubmitted'> {
  constructor(
    private readonly mail: Mailer,
    private readonly queryBus: QueryBus,
  ) {}

  async handle(event: DomainEventJob<'IntakeSubmitted'>, tx: EntityManager): Promise<void> {
    const intake = event.payload;
    const props = {
      ...orderMailProps(intake),
      headline: intake.first ? 'Project details sent' : 'Project details corrected',
      detail: intake.first
        ? `${intake.customerName} sent the details of their ${intake.packageName} order: the work can start.`
        : `${intake.customerName} corrected the details of their ${intake.packageName} order.`,
      orderUrl: this.mail.link(`/orders/${intake.orderId}`),
    };
    for (const admin of await this.queryBus.execute(new ListAdminRecipientsQuery())) {
      this.mail.send(tx, { template: 'orderAdmin', to: admin, props });
    }
  }
}
