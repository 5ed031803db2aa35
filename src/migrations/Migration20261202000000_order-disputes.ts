import { Migration } from '@mikro-orm/migrations';

/**
 * Disputes: a buyer's dispute at PayPal puts the order's payment in Disputed until it is resolved (Paid
 * again, Refunded, or Reversed when PayPal took the money back). The latest dispute is kept on the
 * order as PayPal reported it; its amount is in the dispute's currency.
 */
export class Migration20261202000000_order_disputes extends Migration {
  override up(): void {
    this.addSql(`alter table "order" drop constraint "order_payment_status_check";`);
    this.addSql(`
      alter table "order"
        add constraint "order_payment_status_check"
          check ("payment_status" in ('UnPaid', 'Paid', 'Cancelled', 'Refunded', 'Disputed', 'Reversed')),
        add column "dispute_id" varchar(64) null,
        add column "dispute_reason" varchar(128) null,
        add column "dispute_amount" numeric(12,2) null,
        add column "dispute_currency" varchar(3) null,
        add column "disputed_at" timestamptz null,
        add column "dispute_resolved_at" timestamptz null,
        add column "dispute_outcome" text null
          check ("dispute_outcome" in ('seller', 'refunded', 'reversed'));`);
  }

  override down(): void {
    // A disputed payment was paid; a reversed one is as good as refunded (the money is gone).
    this.addSql(
      `update "order" set "payment_status" = 'Paid' where "payment_status" = 'Disputed';`,
    );
    this.addSql(
      `update "order" set "payment_status" = 'Refunded' where "payment_status" = 'Reversed';`,
    );
    this.addSql(`alter table "order" drop constraint "order_payment_status_check";`);
    this.addSql(`
      alter table "order"
        add constraint "order_payment_status_check"
          check ("payment_status" in ('UnPaid', 'Paid', 'Cancelled', 'Refunded')),
        drop column "dispute_id",
        drop column "dispute_reason",
        drop column "dispute_amount",
        drop column "dispute_currency",
        drop column "disputed_at",
        drop column "dispute_resolved_at",
        drop column "dispute_outcome";`);
  }
}
