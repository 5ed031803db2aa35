import { Migration } from '@mikro-orm/migrations';

/**
 * Work that is due later (an order's unpaid reminder): the relay publishes such a row as a delayed job
 * and counts it late only after its due time. Orders record when their reminder went out.
 */
export class Migration20261124020000_order_reminders extends Migration {
  override up(): void {
    this.addSql(`alter table "outbox_event" add column "due_at" timestamptz null;`);
    this.addSql(`alter table "order" add column "reminded_at" timestamptz null;`);
  }

  override down(): void {
    this.addSql(`alter table "order" drop column "reminded_at";`);
    this.addSql(`alter table "outbox_event" drop column "due_at";`);
  }
}
