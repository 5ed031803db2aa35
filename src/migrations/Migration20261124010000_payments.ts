import { Migration } from '@mikro-orm/migrations';

export class Migration20261124010000_payments extends Migration {
  override up(): void {
    this.addSql(`
      create table "payment_account" (
        "id" uuid primary key,
        "paypal_email" varchar(254) not null,
        "updated_by" varchar(254) null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
    // Every IPN message as received, byte for byte, and what its verification found.
    this.addSql(`
      create table "payment_notification" (
        "id" uuid primary key,
        "raw" bytea not null,
        "received_at" timestamptz not null,
        "order_id" uuid null,
        "txn_id" varchar(64) null,
        "payment_status" varchar(64) null,
        "result" text not null default 'pending'
          check ("result" in ('pending', 'verified', 'applied', 'duplicate', 'mismatch', 'invalid', 'recorded', 'failed')),
        "detail" text null,
        "verified_at" timestamptz null
      );`);
    // A PayPal transaction is applied to an order once, whatever PayPal resends.
    this.addSql(
      `create unique index "payment_notification_applied_txn_uq" on "payment_notification" ("txn_id") where "result" = 'applied';`,
    );
    this.addSql(
      `create index "payment_notification_order_idx" on "payment_notification" ("order_id", "received_at" desc);`,
    );
    // What the built-in simulator sent, so that it confirms only its own messages.
    this.addSql(`
      create table "paypal_simulator_message" (
        "sha256" char(64) primary key,
        "created_at" timestamptz not null
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "paypal_simulator_message";`);
    this.addSql(`drop table if exists "payment_notification";`);
    this.addSql(`drop table if exists "payment_account";`);
  }
}
