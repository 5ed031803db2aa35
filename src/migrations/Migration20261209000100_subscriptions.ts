import { Migration } from '@mikro-orm/migrations';

/**
 * Monthly retainers: an order's billing (one-off or monthly), the PayPal billing plans made per
 * package and price, the subscriptions made for monthly orders and each charge they took. An order may
 * now have one invoice per charge: the invoice is unique per (order, PayPal transaction) instead.
 */
export class Migration20261209000100_subscriptions extends Migration {
  override up(): void {
    this.addSql(`
      alter table "order" add column "billing" text not null default 'one-off'
        check ("billing" in ('one-off', 'monthly'));`);
    this.addSql(`create index "order_billing_idx" on "order" ("billing", "order_date");`);
    this.addSql(`
      create table "billing_plan" (
        "id" uuid not null primary key,
        "package_id" uuid not null,
        "price" numeric(12,2) not null,
        "currency" varchar(3) not null,
        "paypal_product_id" varchar(64) not null,
        "paypal_plan_id" varchar(64) not null unique,
        "created_at" timestamptz not null
      );`);
    this.addSql(
      `create unique index "billing_plan_package_price_uq" on "billing_plan" ("package_id", "price", "currency");`,
    );
    this.addSql(`
      create table "subscription" (
        "id" uuid not null primary key,
        "order_id" uuid not null unique references "order" ("id") on delete cascade,
        "paypal_subscription_id" varchar(64) not null unique,
        "paypal_plan_id" varchar(64) not null,
        "package_id" uuid not null,
        "package_name" varchar(100) not null,
        "customer_email" varchar(254) not null,
        "price" numeric(12,2) not null,
        "currency" varchar(3) not null,
        "status" text not null check ("status" in ('APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED')),
        "status_updated_at" timestamptz null,
        "status_changed_by" text null check ("status_changed_by" in ('paypal', 'customer', 'admin')),
        "started_at" timestamptz null,
        "next_billing_at" timestamptz null,
        "ends_at" timestamptz null,
        "cancelled_at" timestamptz null,
        "suspended_at" timestamptz null,
        "failed_payments" int not null default 0,
        "last_failed_at" timestamptz null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(
      `create index "subscription_customer_idx" on "subscription" ("customer_email", "created_at");`,
    );
    this.addSql(`create index "subscription_status_idx" on "subscription" ("status");`);
    this.addSql(`
      create table "subscription_payment" (
        "sale_id" varchar(64) not null primary key,
        "subscription_id" uuid not null references "subscription" ("id") on delete cascade,
        "order_id" uuid not null,
        "amount" numeric(12,2) not null,
        "currency" varchar(3) not null,
        "sequence" int not null,
        "paid_at" timestamptz not null,
        "source" text not null check ("source" in ('webhook', 'reconciliation'))
      );`);
    this.addSql(
      `create index "subscription_payment_subscription_id_index" on "subscription_payment" ("subscription_id");`,
    );
    this.addSql(`drop index if exists "invoice_one_per_order_uq";`);
    this.addSql(
      `create unique index "invoice_one_per_payment_uq" on "invoice" ("order_id", coalesce("capture_id", '')) where "kind" = 'invoice';`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "invoice_one_per_payment_uq";`);
    this.addSql(
      `create unique index "invoice_one_per_order_uq" on "invoice" ("order_id") where "kind" = 'invoice';`,
    );
    this.addSql(`drop table if exists "subscription_payment";`);
    this.addSql(`drop table if exists "subscription";`);
    this.addSql(`drop table if exists "billing_plan";`);
    this.addSql(`drop index if exists "order_billing_idx";`);
    this.addSql(`alter table "order" drop column "billing";`);
  }
}
