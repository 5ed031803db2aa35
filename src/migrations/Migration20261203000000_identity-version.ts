import { Migration } from '@mikro-orm/migrations';

/**
 * The sign-in state's version: one row, bumped by statement triggers in the transaction of every change
 * that can take a session's rights away or change what it shows (a session ended, an account changed or
 * removed, the admin list changed), whoever makes it (commands, sweeps, the admin CLI, an operator's SQL).
 * Each process keeps the sessions it resolved for as long as this version stands, and reads it on each
 * request, so a sign-out or a role change counts from the next request in every process. New sessions
 * and the hourly activity touch change nothing a process keeps: they do not bump it.
 */
export class Migration20261203000000_identity_version extends Migration {
  override up(): void {
    this.addSql(`
      create table "identity_version" (
        "id" boolean primary key default true check ("id"),
        "version" bigint not null
      );`);
    this.addSql(`insert into "identity_version" ("id", "version") values (true, 1);`);
    this.addSql(`
      create function "bump_identity_version"() returns trigger language plpgsql as $$
      begin
        update "identity_version" set "version" = "version" + 1;
        return null;
      end $$;`);
    this.addSql(`
      create trigger "session_end_bumps_identity_version"
        after delete or truncate on "session"
        for each statement execute function "bump_identity_version"();`);
    this.addSql(`
      create trigger "account_change_bumps_identity_version"
        after update or delete or truncate on "account"
        for each statement execute function "bump_identity_version"();`);
    this.addSql(`
      create trigger "admin_list_change_bumps_identity_version"
        after insert or update or delete or truncate on "admin_user"
        for each statement execute function "bump_identity_version"();`);
  }

  override down(): void {
    this.addSql(
      `drop trigger if exists "admin_list_change_bumps_identity_version" on "admin_user";`,
    );
    this.addSql(`drop trigger if exists "account_change_bumps_identity_version" on "account";`);
    this.addSql(`drop trigger if exists "session_end_bumps_identity_version" on "session";`);
    this.addSql(`drop function if exists "bump_identity_version"();`);
    this.addSql(`drop table if exists "identity_version";`);
  }
}
