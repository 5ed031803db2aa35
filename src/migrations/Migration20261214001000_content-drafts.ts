import { Migration } from '@mikro-orm/migrations';

/**
 * Content drafts: an admin's pending changes to a section (one row per section, its changed entries),
 * the publishes planned for later (one pending per section), and a revision's mark that a publish
 * made it.
 */
export class Migration20261214001000_content_drafts extends Migration {
  override up(): void {
    this.addSql(`
      create table "content_draft" (
        "section" varchar(64) not null primary key,
        "changes" jsonb not null default '[]',
        "updated_by_account_id" uuid null,
        "updated_by_email" varchar(254) null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(`
      create table "content_publish_schedule" (
        "id" uuid not null primary key,
        "section" varchar(64) not null,
        "publish_at" timestamptz not null,
        "status" varchar(16) not null
          check ("status" in ('pending', 'cancelled', 'published', 'skipped')),
        "scheduled_by_account_id" uuid not null,
        "scheduled_by_email" varchar(254) not null,
        "scheduled_by_ip" varchar(64) not null,
        "created_at" timestamptz not null,
        "done_at" timestamptz null
      );`);
    this.addSql(
      `create unique index "content_publish_schedule_one_pending" on "content_publish_schedule" ("section") where "status" = 'pending';`,
    );
    this.addSql(
      `alter table "content_revision" add column "published" boolean not null default false;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "content_revision" drop column if exists "published";`);
    this.addSql(`drop table if exists "content_publish_schedule";`);
    this.addSql(`drop table if exists "content_draft";`);
  }
}
