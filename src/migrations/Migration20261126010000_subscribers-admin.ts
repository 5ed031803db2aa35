import { Migration } from '@mikro-orm/migrations';

/**
 * The admin's subscriber screens and the expiry of unconfirmed sign-ups: when an address last asked
 * for the newsletter (its pending state, and its link, date from then, not from the first sign-up),
 * and indexes for pages and keyset-paged exports, newest first, with or without a status.
 */
export class Migration20261126010000_subscribers_admin extends Migration {
  override up(): void {
    // The default serves rows written without it (tests, manual inserts); existing rows date from creation.
    this.addSql(
      `alter table "subscriber" add column "requested_at" timestamptz not null default now();`,
    );
    this.addSql(`update "subscriber" set "requested_at" = "created_at";`);
    this.addSql(`drop index if exists "subscriber_created_at_idx";`);
    this.addSql(
      `create index "subscriber_created_at_id_idx" on "subscriber" ("created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "subscriber_status_created_at_id_idx" on "subscriber" ("status", "created_at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "subscriber_pending_requested_at_idx" on "subscriber" ("requested_at") where "status" = 'pending';`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "subscriber_pending_requested_at_idx";`);
    this.addSql(`drop index if exists "subscriber_status_created_at_id_idx";`);
    this.addSql(`drop index if exists "subscriber_created_at_id_idx";`);
    this.addSql(`create index "subscriber_created_at_idx" on "subscriber" ("created_at" desc);`);
    this.addSql(`alter table "subscriber" drop column "requested_at";`);
  }
}
