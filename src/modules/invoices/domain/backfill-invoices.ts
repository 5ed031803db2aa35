import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { issueCreditNote, issueInvoice } from './issue-invoice.js';

/** Orders invoiced per transaction: the year's counter row is locked for no longer than that. */
const BATCH = 100;

interface UninvoicedOrder {
  id: string;
  package_name: string;
  package_price: string;
  customer_name: string;
  customer_email: string;
  customer_address: string;
  customer_country: string;
  company_name: string | null;
  billing_address: string | null;
  tax_id: string | null;
  payment_status: string;
  paid_at: Date;
  refunded_at: Date | null;
  dispute_resolved_at: Date | null;
}

/**
 * Invoices the orders paid before invoices existed (and credit-notes the ones refunded since), in paid
 * order, and answers how many it invoiced. Safe to run any number of times, from any number of
 * processes at once:
 * - an order is picked only while it has no invoice, its row locked (`for update`), and issueInvoice
 *   (a one-off payment: one invoice per order) checks again in the same transaction, and the unique
 *   index `invoice_one_per_payment_uq` forbids a second invoice without a capture id, so a run that
 *   finds nothing to do changes nothing (idempotent). A monthly order's charges are each invoiced as
 *   they arrive: an order with any invoice is never picked;
 * - the numbers come from the same year counter as every payment's (issueInvoice → nextNumber), taken in
 *   the transaction: a number is never reused nor skipped, even when a payment is invoiced meanwhile;
 * - a transaction-scoped advisory lock lets one run at a time pick orders, so two processes starting
 *   together do not interleave: the orders get their numbers in the order they were paid (paid_at,
 *   then id). They are numbered after the invoices issued already (of the same year): numbers given
 *   can never be given again, so the old payments cannot be put before them.
 * PayPal's capture id is not known here (the payments module keeps it): a backfilled invoice names none.
 */
export async function backfillInvoices(em: EntityManager): Promise<number> {
  let invoiced = 0;
  for (;;) {
    const batch = await em.fork().transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtext('invoice_backfill'))`);
      const orders = await tx.execute<UninvoicedOrder[]>(
        `select o.id, o.package_name, o.package_price::text as package_price, o.customer_name,
                o.customer_email, o.customer_address, o.customer_country, o.company_name,
                o.billing_address, o.tax_id, o.payment_status, o.paid_at, o.refunded_at,
                o.dispute_resolved_at
           from "order" o
          where o.paid_at is not null
            and not exists (select 1 from invoice i where i.order_id = o.id and i.kind = 'invoice')
          order by o.paid_at, o.id
          limit ${BATCH}
          for update of o`,
      );
      for (const order of orders) {
        const paidAt = new Date(order.paid_at);
        await issueInvoice(
          tx,
          {
            id: order.id,
            packageName: order.package_name,
            packagePrice: order.package_price,
            customerName: order.customer_name,
            customerEmail: order.customer_email,
            customerAddress: order.customer_address,
            customerCountry: order.customer_country,
            companyName: order.company_name,
            billingAddress: order.billing_address,
            taxId: order.tax_id,
          },
          paidAt,
          null,
        );
        if (order.payment_status === 'Refunded') {
          const refundedAt = order.refunded_at ?? order.dispute_resolved_at ?? paidAt;
          await issueCreditNote(tx, order.id, new Date(refundedAt));
        }
      }
      return orders.length;
    });
    invoiced += batch;
    if (batch < BATCH) return invoiced;
  }
}

/**
 * Runs the backfill when an API process starts (this module is loaded by the roles that serve HTTP),
 * after the migrations: a start-up job rather than a migration, because issuing an invoice needs the
 * content's Business Details and the numbering code, which a migration's SQL should not copy. On a
 * site with nothing to backfill it is one indexed query. A failure is logged and the start goes on
 * (the next start tries again); payments made meanwhile are invoiced as usual.
 */
@Injectable()
export class InvoiceBackfill implements OnApplicationBootstrap {
  private readonly logger = new Logger(InvoiceBackfill.name);

  constructor(private readonly em: EntityManager) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const invoiced = await backfillInvoices(this.em);
      if (invoiced > 0) {
        this.logger.log(`Invoiced ${invoiced} order(s) paid before invoices existed`);
      }
    } catch (error) {
      this.logger.error(
        `Invoicing the orders paid before invoices existed failed: ${String(error)}`,
      );
    }
  }
}
