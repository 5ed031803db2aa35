import { Migration } from '@mikro-orm/migrations';

/**
 * The money path's exclusions and its record of money that was not applied:
 * - `order_capture_claim`: a capture under way holds its order (taken under the order's row lock), so a
 *   cancel or an offline payment cannot slip between PayPal's capture and our record of it;
 * - `paypal_order.declined_at`: the last capture of the buyer's approval was declined (whichever of the
 *   capture answer and the webhook came first), and `REFUNDING`: one refund at a time;
 * - `unapplied_payment` (and the IPN result 'unapplied'): money that arrived for an order that was not unpaid (paid already, cancelled,
 *   refunded), kept as its own payment for the admins to refund, never applied to the order.
 */
export class Migration20261128100000_money_path extends Migration {
  override up(): void {
    this.addSql(`
      create table "order_capture_claim" (
        "token" uuid primary key,
        "order_id" uuid not null references "order" ("id") on delete cascade,
        "claimed_at" timestamptz not null
      );`);
    this.addSql(
      `create index "order_capture_claim_order_idx" on "order_capture_claim" ("order_id");`,
    );
    this.addSql(`alter table "paypal_order" add column "declined_at" timestamptz null;`);
    this.addSql(`alter table "paypal_order" drop constraint "paypal_order_status_check";`);
    this.addSql(`
      alter table "paypal_order" add constraint "paypal_order_status_check" check ("status" in
        ('CREATED', 'APPROVED', 'PENDING', 'COMPLETED', 'ABANDONED', 'REFUNDING', 'REFUNDED', 'REVIEW'));`);
    this.addSql(`
      create table "unapplied_payment" (
        "id" uuid primary key,
        "order_id" uuid not null,
        "channel" text not null check ("channel" in ('checkout', 'standard')),
        "reference" varchar(64) not null unique,
        "amount" numeric(12, 2) not null,
        "reason" text not null,
        "status" text not null check ("status" in ('needs_attention', 'refunding', 'refunded')),
        "refund_id" varchar(64) null,
        "detail" text null,
        "received_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(
      `create index "unapplied_payment_order_idx" on "unapplied_payment" ("order_id", "received_at");`,
    );
    // An IPN whose money the order did not take reads 'unapplied', not 'applied'.
    this.addSql(
      `alter table "payment_notification" drop constraint "payment_notification_result_check";`,
    );
    this.addSql(`
      alter table "payment_notification" add constraint "payment_notification_result_check" check ("result" in
        ('pending', 'verified', 'applied', 'unapplied', 'duplicate', 'mismatch', 'invalid', 'recorded', 'failed'));`);
  }

  override down(): void {
    this.addSql(
      `update "payment_notification" set "result" = 'applied' where "result" = 'unapplied';`,
    );
    this.addSql(
      `alter table "payment_notification" drop constraint "payment_notification_result_check";`,
    );
    this.addSql(`
      alter table "payment_notification" add constraint "payment_notification_result_check" check ("result" in
        ('pending', 'verified', 'applied', 'duplicate', 'mismatch', 'invalid', 'recorded', 'failed'));`);
    this.addSql(`drop table if exists "unapplied_payment";`);
    this.addSql(`update "paypal_order" set "status" = 'COMPLETED' where "status" = 'REFUNDING';`);
    this.addSql(`alter table "paypal_order" drop constraint "paypal_order_status_check";`);
    this.addSql(`
      alter table "paypal_order" add constraint "paypal_order_status_check" check ("status" in
        ('CREATED', 'APPROVED', 'PENDING', 'COMPLETED', 'ABANDONED', 'REFUNDED', 'REVIEW'));`);
    this.addSql(`alter table "paypal_order" drop column "declined_at";`);
    this.addSql(`drop table if exists "order_capture_claim";`);
  }
}
