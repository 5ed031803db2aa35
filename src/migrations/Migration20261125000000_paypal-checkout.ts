import { Migration } from '@mikro-orm/migrations';

/**
 * PayPal Checkout (Orders v2) beside Payments Standard: the PayPal order made for each of our orders, the
 * captures applied (each once: its id is the primary key, whichever of the capture answer, a webhook or
 * reconciliation applies it first), webhook events kept beside the IPN messages (deduplicated by their
 * event id), the refunded state of an order, and the simulator's own Orders v2 records.
 */
export class Migration20261125000000_paypal_checkout extends Migration {
  override up(): void {
    this.addSql(`alter table "order" drop constraint "order_payment_status_check";`);
    this.addSql(`
      alter table "order"
        add constraint "order_payment_status_check"
          check ("payment_status" in ('UnPaid', 'Paid', 'Cancelled', 'Refunded')),
        add column "refunded_at" timestamptz null;`);
    this.addSql(`
      alter table "payment_notification"
        add column "channel" text not null default 'ipn' check ("channel" in ('ipn', 'webhook')),
        add column "event_id" varchar(128) null,
        add column "event_type" varchar(64) null,
        add column "headers" jsonb null;`);
    this.addSql(
      `create unique index "payment_notification_event_uq" on "payment_notification" ("event_id") where "event_id" is not null;`,
    );
    this.addSql(`
      create table "paypal_order" (
        "order_id" uuid primary key,
        "paypal_order_id" varchar(64) not null unique,
        "generation" int not null default 1,
        "capture_attempt" int not null default 1,
        "status" text not null
          check ("status" in ('CREATED', 'APPROVED', 'PENDING', 'COMPLETED', 'ABANDONED', 'REFUNDED', 'REVIEW')),
        "capture_id" varchar(64) null,
        "refund_id" varchar(64) null,
        "detail" text null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(
      `create index "paypal_order_open_idx" on "paypal_order" ("updated_at") where "status" in ('CREATED', 'APPROVED', 'PENDING');`,
    );
    this.addSql(`
      create table "payment_capture" (
        "capture_id" varchar(64) primary key,
        "order_id" uuid not null,
        "amount" numeric(12, 2) not null,
        "source" text not null check ("source" in ('capture', 'webhook', 'reconciliation')),
        "applied_at" timestamptz not null
      );`);
    this.addSql(`
      create table "paypal_simulator_order" (
        "id" varchar(32) primary key,
        "request_id" varchar(128) null unique,
        "status" text not null,
        "body" jsonb not null,
        "capture" jsonb null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(`
      create table "paypal_simulator_request" (
        "request_id" varchar(128) primary key,
        "status_code" int not null,
        "answer" jsonb not null
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "paypal_simulator_request";`);
    this.addSql(`drop table if exists "paypal_simulator_order";`);
    this.addSql(`drop table if exists "payment_capture";`);
    this.addSql(`drop table if exists "paypal_order";`);
    this.addSql(`drop index if exists "payment_notification_event_uq";`);
    this.addSql(`
      alter table "payment_notification"
        drop column "headers", drop column "event_type", drop column "event_id", drop column "channel";`);
    this.addSql(`alter table "order" drop column "refunded_at";`);
    this.addSql(`alter table "order" drop constraint "order_payment_status_check";`);
    this.addSql(`
      alter table "order" add constraint "order_payment_status_check"
        check ("payment_status" in ('UnPaid', 'Paid', 'Cancelled'));`);
  }
}
