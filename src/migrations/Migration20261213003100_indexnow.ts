import { Migration } from '@mikro-orm/migrations';

/**
 * IndexNow: its settings (one row: the admins' switch and the key generated once when INDEXNOW_KEY
 * sets none) and its submissions (at most one pending at a time, gathering a burst of edits).
 */
export class Migration20261213003100_indexnow extends Migration {
  override up(): void {
    this.addSql(`
      create table "indexnow_settings" (
        "id" smallint not null default 1 primary key check ("id" = 1),
        "enabled" boolean not null default true,
        "key" varchar(128) not null,
        "updated_at" timestamptz not null default now(),
        "updated_by" varchar(254) null
      );`);
    this.addSql(`
      create table "indexnow_submission" (
        "id" uuid not null primary key,
        "status" varchar(16) not null
          check ("status" in ('pending', 'sending', 'sent', 'failed', 'skipped')),
        "paths" jsonb not null,
        "urls" jsonb not null default '[]',
        "created_at" timestamptz not null,
        "due_at" timestamptz not null,
        "sent_at" timestamptz null,
        "attempts" int not null default 0,
        "response_status" int null,
        "last_error" text null
      );`);
    this.addSql(
      `create unique index "indexnow_submission_one_pending" on "indexnow_submission" ((true)) where "status" = 'pending';`,
    );
    this.addSql(
      `create index "indexnow_submission_created_at_index" on "indexnow_submission" ("created_at" desc);`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "indexnow_submission";`);
    this.addSql(`drop table if exists "indexnow_settings";`);
  }
}
