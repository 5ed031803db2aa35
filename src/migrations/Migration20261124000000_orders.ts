import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000000_orders extends Migration {
  override up(): void {
    this.addSql(`
      create table "order" (
        "id" uuid primary key,
        "package_id" uuid not null,
        "package_name" varchar(100) not null,
        "package_price" numeric(12, 2) not null check ("package_price" >= 0),
        "customer_email" varchar(254) not null check ("customer_email" = lower("customer_email")),
        "customer_name" varchar(100) not null,
        "customer_address" varchar(200) not null default 'NA',
        "customer_country" varchar(100) not null default 'NA',
        "payment_status" text not null default 'UnPaid'
          check ("payment_status" in ('UnPaid', 'Paid', 'Cancelled')),
        "order_status" text not null default 'Pending'
          check ("order_status" in ('Pending', 'Delivered')),
        "order_date" timestamptz not null,
        "paid_at" timestamptz null,
        "paid_via" text null check ("paid_via" in ('paypal', 'offline')),
        "cancelled_at" timestamptz null,
        "delivered_at" timestamptz null,
        "note" text null,
        "review_reason" text null,
        "payment_event" text null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(
      `create index "order_customer_email_order_date_idx" on "order" ("customer_email", "order_date" desc, "id" desc);`,
    );
    this.addSql(`create index "order_order_date_idx" on "order" ("order_date" desc, "id" desc);`);
  }

  override down(): void {
    this.addSql(`drop table if exists "order";`);
  }
}
