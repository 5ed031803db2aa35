import { Migration } from '@mikro-orm/migrations';

/**
 * Redirect rules and the 404 monitor (issue 31 §1). The rules' version (one row, bumped by a statement
 * trigger in the transaction of every change, as `content_version`) tells every API process when to
 * reload its table of rules. The 404 paths are a bounded table written by upsert.
 */
export class Migration20261213001000_seo_redirects extends Migration {
  override up(): void {
    this.addSql(`
      create table "seo_redirect" (
        "id" uuid primary key,
        "from_path" varchar(500) not null,
        "from_key" varchar(500) not null,
        "match" text not null check ("match" in ('exact', 'prefix')),
        "to_target" varchar(2000) null,
        "status" smallint not null check ("status" in (301, 302, 410)),
        "note" varchar(500) null,
        "updated_by" varchar(254) null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        check (("status" = 410) = ("to_target" is null))
      );`);
    this.addSql(
      `create unique index "seo_redirect_from_match_unique" on "seo_redirect" ("from_key", "match");`,
    );
    this.addSql(`
      create table "seo_redirect_version" (
        "id" boolean primary key default true check ("id"),
        "version" bigint not null
      );`);
    this.addSql(`insert into "seo_redirect_version" ("id", "version") values (true, 1);`);
    this.addSql(`
      create function "bump_seo_redirect_version"() returns trigger language plpgsql as $$
      begin
        update "seo_redirect_version" set "version" = "version" + 1;
        return null;
      end $$;`);
    this.addSql(`
      create trigger "seo_redirect_bumps_version"
        after insert or update or delete or truncate on "seo_redirect"
        for each statement execute function "bump_seo_redirect_version"();`);
    this.addSql(`
      create table "seo_not_found" (
        "id" uuid primary key,
        "path" varchar(500) not null,
        "count" bigint not null,
        "first_seen_at" timestamptz not null,
        "last_seen_at" timestamptz not null,
        "referrer_host" varchar(255) null
      );`);
    this.addSql(`create unique index "seo_not_found_path_unique" on "seo_not_found" ("path");`);
    this.addSql(
      `create index "seo_not_found_last_seen_idx" on "seo_not_found" ("last_seen_at" desc, "id");`,
    );
    this.addSql(
      `create index "seo_not_found_count_idx" on "seo_not_found" ("count" desc, "last_seen_at" desc);`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "seo_not_found";`);
    this.addSql(`drop trigger if exists "seo_redirect_bumps_version" on "seo_redirect";`);
    this.addSql(`drop function if exists "bump_seo_redirect_version"();`);
    this.addSql(`drop table if exists "seo_redirect_version";`);
    this.addSql(`drop table if exists "seo_redirect";`);
  }
}
