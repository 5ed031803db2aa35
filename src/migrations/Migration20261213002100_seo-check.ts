import { Migration } from '@mikro-orm/migrations';

/**
 * The free SEO check's runs: one row per check, its report as JSON once the worker has made it. The
 * 24-hour cache looks up the newest check of an address.
 */
export class Migration20261213002100_seo_check extends Migration {
  override up(): void {
    this.addSql(`
      create table "seo_check" (
        "id" uuid not null primary key,
        "url" varchar(2000) not null,
        "status" text check ("status" in ('queued', 'running', 'done', 'failed')) not null,
        "report" jsonb null,
        "error" text null,
        "created_at" timestamptz not null,
        "finished_at" timestamptz null
      );`);
    this.addSql(
      `create index "seo_check_url_created_at_index" on "seo_check" ("url", "created_at" desc);`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "seo_check";`);
  }
}
