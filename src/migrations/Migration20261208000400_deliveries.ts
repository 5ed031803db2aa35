import { Migration } from '@mikro-orm/migrations';

/**
 * Deliverables: each round of files the agency delivered on an order (its note, the stored files' ids,
 * who delivered it and when), and the customer's answer to it: approved (by the customer, or by the
 * scheduled job after DELIVERY_AUTO_APPROVE_DAYS) or changes requested, with their message.
 */
export class Migration20261208000400_deliveries extends Migration {
  override up(): void {
    this.addSql(`
      create table "delivery" (
        "id" uuid primary key,
        "order_id" uuid not null references "order" ("id") on delete cascade,
        "round" integer not null check ("round" > 0),
        "note" text null,
        "file_ids" jsonb not null,
        "delivered_by" varchar(254) not null,
        "delivered_at" timestamptz not null,
        "response" varchar(20) null check ("response" in ('approved', 'changes_requested')),
        "response_message" text null,
        "responded_at" timestamptz null,
        "approved_by" varchar(10) null check ("approved_by" in ('customer', 'auto')),
        unique ("order_id", "round")
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "delivery";`);
  }
}
