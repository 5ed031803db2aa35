import { Migration } from '@mikro-orm/migrations';

/**
 * Subscriber import: an uploaded CSV's rows (parsed as the upload streams in, never held whole), the
 * import's state and counts, each row's outcome once the worker has processed it (which makes a retried
 * job skip what it did), the consent an admin vouched for, per subscriber and row, and subscribers' names.
 */
export class Migration20261212000400_subscriber_import extends Migration {
  override up(): void {
    this.addSql(`alter table "subscriber" add column "name" varchar(200) null;`);
    this.addSql(`
      create table "newsletter_import" (
        "id" uuid primary key,
        "filename" varchar(255) not null,
        "created_by" uuid not null,
        "created_by_email" varchar(254) not null,
        "created_at" timestamptz not null,
        "status" text not null default 'uploaded'
          check ("status" in ('uploaded', 'queued', 'running', 'done', 'failed')),
        "headers" jsonb not null,
        "total_rows" int not null default 0,
        "email_column" int null,
        "name_column" int null,
        "status_column" int null,
        "consent" boolean not null default false,
        "started_at" timestamptz null,
        "finished_at" timestamptz null,
        "processed_rows" int not null default 0,
        "created_count" int not null default 0,
        "existing_count" int not null default 0,
        "duplicate_count" int not null default 0,
        "invalid_count" int not null default 0,
        "skipped_count" int not null default 0,
        "error" text null
      );`);
    this.addSql(`
      create table "newsletter_import_row" (
        "import_id" uuid not null references "newsletter_import" ("id") on delete cascade,
        "line" int not null,
        "cells" text[] not null,
        "email" varchar(254) null,
        "outcome" text null
          check ("outcome" in ('created', 'existing', 'duplicate', 'invalid', 'skipped')),
        "reason" text null,
        primary key ("import_id", "line")
      );`);
    this.addSql(
      `create index "newsletter_import_row_email_idx" on "newsletter_import_row" ("import_id", "email");`,
    );
    this.addSql(`
      create table "subscriber_consent" (
        "subscriber_id" uuid not null references "subscriber" ("id") on delete cascade,
        "import_id" uuid not null references "newsletter_import" ("id"),
        "line" int not null,
        "recorded_by" uuid not null,
        "recorded_by_email" varchar(254) not null,
        "recorded_at" timestamptz not null,
        primary key ("subscriber_id", "import_id")
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "subscriber_consent";`);
    this.addSql(`drop table if exists "newsletter_import_row";`);
    this.addSql(`drop table if exists "newsletter_import";`);
    this.addSql(`alter table "subscriber" drop column if exists "name";`);
  }
}
