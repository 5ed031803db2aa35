import { Migration } from '@mikro-orm/migrations';

/**
 * The content's version: one row, bumped by a statement trigger on `content_entry` in the transaction
 * of every write (commands, restores, the demo seeder, an operator's SQL alike), so that whoever reads
 * it after a commit sees the change. The server-rendered pages are cached per version.
 */
export class Migration20261201000000_content_version extends Migration {
  override up(): void {
    this.addSql(`
      create table "content_version" (
        "id" boolean primary key default true check ("id"),
        "version" bigint not null
      );`);
    this.addSql(`insert into "content_version" ("id", "version") values (true, 1);`);
    this.addSql(`
      create function "bump_content_version"() returns trigger language plpgsql as $$
      begin
        update "content_version" set "version" = "version" + 1;
        return null;
      end $$;`);
    this.addSql(`
      create trigger "content_entry_bumps_version"
        after insert or update or delete or truncate on "content_entry"
        for each statement execute function "bump_content_version"();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists "content_entry_bumps_version" on "content_entry";`);
    this.addSql(`drop function if exists "bump_content_version"();`);
    this.addSql(`drop table if exists "content_version";`);
  }
}
