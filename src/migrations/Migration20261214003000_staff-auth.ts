import { Migration } from '@mikro-orm/migrations';

/**
 * Staff accounts: invitations (an account_token purpose, revocable) and two-factor sign-in (the TOTP
 * secret on the account, the last step used against replays, the pending sign-in challenge as an
 * account_token purpose, and single-use recovery codes stored as their SHA-256).
 */
export class Migration20261214003000_staff_auth extends Migration {
  override up(): void {
    this.addSql(
      `alter table "account_token" drop constraint if exists "account_token_purpose_check";`,
    );
    this.addSql(`
      alter table "account_token" add constraint "account_token_purpose_check" check ("purpose" in
        ('password-reset', 'email-verification', 'invitation', 'two-factor-login'));`);
    this.addSql(`alter table "account_token" add column "revoked_at" timestamptz null;`);
    this.addSql(`
      alter table "account"
        add column "totp_secret" varchar(64) null,
        add column "totp_enabled_at" timestamptz null,
        add column "totp_last_step" bigint null;`);
    this.addSql(`
      create table "recovery_code" (
        "id" varchar(64) primary key,
        "account_id" uuid not null references "account" ("id") on delete cascade,
        "created_at" timestamptz not null,
        "used_at" timestamptz null
      );`);
    this.addSql(`create index "recovery_code_account_id_idx" on "recovery_code" ("account_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "recovery_code";`);
    this.addSql(`
      alter table "account"
        drop column if exists "totp_secret",
        drop column if exists "totp_enabled_at",
        drop column if exists "totp_last_step";`);
    this.addSql(`alter table "account_token" drop column if exists "revoked_at";`);
    this.addSql(
      `delete from "account_token" where "purpose" in ('invitation', 'two-factor-login');`,
    );
    this.addSql(
      `alter table "account_token" drop constraint if exists "account_token_purpose_check";`,
    );
    this.addSql(`
      alter table "account_token" add constraint "account_token_purpose_check" check ("purpose" in
        ('password-reset', 'email-verification'));`);
  }
}
