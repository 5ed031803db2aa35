import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log: one row per admin action, written in the action's transaction. Append-only in the
 * database too: a trigger refuses UPDATE and DELETE, so no code path (or mistaken query) rewrites history.
 */
export class Migration20261127000000_audit_log extends Migration {
  override up(): void {
    this.addSql(`
      create table "audit_entry" (
        "id" uuid primary key,
        "at" timestamptz not null,
        "kind" text not null,
        "actor_id" uuid not null,
        "actor_email" varchar(254) not null,
        "target_type" varchar(60) not null,
        "target_id" varchar(100) null,
        "summary" text not null,
        "before" jsonb null,
        "after" jsonb null,
        "ip" varchar(64) not null
      );`);
    this.addSql(`create index "audit_entry_at_idx" on "audit_entry" ("at" desc, "id" desc);`);
    this.addSql(
      `create index "audit_entry_kind_at_idx" on "audit_entry" ("kind", "at" desc, "id" desc);`,
    );
    this.addSql(
      `create index "audit_entry_actor_idx" on "audit_entry" (lower("actor_email"), "at" desc);`,
    );
    this.addSql(`
      create function "audit_entry_append_only"() returns trigger language plpgsql as $$
      begin
        raise exception 'audit entries cannot be changed or removed';
      end $$;`);
    this.addSql(`
      create trigger "audit_entry_append_only" before update or delete on "audit_entry"
        for each row execute function "audit_entry_append_only"();`);
  }

  override down(): void {
    this.addSql(`drop table if exists "audit_entry";`);
    this.addSql(`drop function if exists "audit_entry_append_only"();`);
  }
}
