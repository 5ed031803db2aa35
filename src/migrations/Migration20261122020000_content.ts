import { Migration } from '@mikro-orm/migrations';

export class Migration20261122020000_content extends Migration {
  override up(): void {
    this.addSql(`
      create table "content_entry" (
        "id" uuid primary key,
        "section" varchar(64) not null,
        "singleton" boolean not null,
        "data" jsonb not null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(
      `create index "content_entry_section_idx" on "content_entry" ("section", "created_at", "id");`,
    );
    // A singleton section holds at most one record, whatever races between two admins.
    this.addSql(
      `create unique index "content_entry_singleton_uq" on "content_entry" ("section") where "singleton";`,
    );
    this.addSql(`
      create table "content_revision" (
        "id" uuid primary key,
        "entry_id" uuid not null,
        "section" varchar(64) not null,
        "action" text not null check ("action" in ('created', 'updated', 'deleted', 'restored')),
        "before" jsonb null,
        "after" jsonb null,
        "actor_account_id" uuid null,
        "actor_email" varchar(254) null,
        "at" timestamptz not null
      );`);
    this.addSql(
      `create index "content_revision_section_at_idx" on "content_revision" ("section", "at" desc);`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "content_revision";`);
    this.addSql(`drop table if exists "content_entry";`);
  }
}
