import { Migration } from '@mikro-orm/migrations';

/**
 * The health check asks when owed work was last settled (the latest completed_at or failed_at): two
 * partial indexes answer it from their last entry instead of a scan of the outbox.
 */
export class Migration20261127010000_outbox_settled_indexes extends Migration {
  override up(): void {
    this.addSql(
      `create index "outbox_event_completed_idx" on "outbox_event" ("completed_at") where "completed_at" is not null;`,
    );
    this.addSql(
      `create index "outbox_event_failed_idx" on "outbox_event" ("failed_at") where "failed_at" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "outbox_event_failed_idx";`);
    this.addSql(`drop index if exists "outbox_event_completed_idx";`);
  }
}
