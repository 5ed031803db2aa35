import { Migration } from '@mikro-orm/migrations';

/**
 * The PayPal simulator's Subscriptions side (PAYPAL_MODE=simulator only): the catalog products and
 * billing plans the shop made, the subscriptions (PayPal's object as the API shows it, with the day of
 * the month it bills on and how many cycles it has billed) and every charge attempt (a completed sale
 * or a declined one), which the transactions call lists.
 */
export class Migration20261210000100_paypal_simulator_subscriptions extends Migration {
  override up(): void {
    this.addSql(`
      create table "paypal_simulator_product" (
        "id" varchar(32) primary key,
        "body" jsonb not null,
        "created_at" timestamptz not null
      );`);
    this.addSql(`
      create table "paypal_simulator_plan" (
        "id" varchar(32) primary key,
        "product_id" varchar(32) not null references "paypal_simulator_product" ("id"),
        "body" jsonb not null,
        "created_at" timestamptz not null
      );`);
    this.addSql(`
      create table "paypal_simulator_subscription" (
        "id" varchar(32) primary key,
        "plan_id" varchar(32) not null references "paypal_simulator_plan" ("id"),
        "status" text not null
          check ("status" in ('APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED')),
        "body" jsonb not null,
        "billing_anchor" timestamptz null,
        "cycles_billed" int not null default 0,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(
      `create index "paypal_simulator_subscription_updated_idx" on "paypal_simulator_subscription" ("updated_at");`,
    );
    this.addSql(`
      create table "paypal_simulator_sale" (
        "id" varchar(32) primary key,
        "subscription_id" varchar(32) not null references "paypal_simulator_subscription" ("id"),
        "status" text not null check ("status" in ('COMPLETED', 'DECLINED')),
        "amount" numeric(12, 2) not null,
        "currency" varchar(3) not null,
        "fee" numeric(12, 2) not null,
        "created_at" timestamptz not null
      );`);
    this.addSql(
      `create index "paypal_simulator_sale_subscription_idx" on "paypal_simulator_sale" ("subscription_id", "created_at");`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "paypal_simulator_sale";`);
    this.addSql(`drop table if exists "paypal_simulator_subscription";`);
    this.addSql(`drop table if exists "paypal_simulator_plan";`);
    this.addSql(`drop table if exists "paypal_simulator_product";`);
  }
}
