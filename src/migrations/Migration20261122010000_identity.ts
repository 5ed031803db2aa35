import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010000_identity extends Migration {
  override up(): void {
    this.addSql(`
      create table "account" (
        "id" uuid primary key,
        "email" varchar(254) not null unique check ("email" = lower("email")),
        "password_hash" text null,
        "email_verified_at" timestamptz null,
        "google_sub" varchar(255) null unique,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(`
      create table "session" (
        "id" varchar(64) primary key,
        "account_id" uuid not null references "account" ("id") on delete cascade,
        "created_at" timestamptz not null,
        "last_seen_at" timestamptz not null,
        "expires_at" timestamptz not null,
        "ip" varchar(64) null,
        "user_agent" varchar(512) null
      );`);
    this.addSql(`create index "session_account_id_idx" on "session" ("account_id");`);
    this.addSql(`create index "session_expires_at_idx" on "session" ("expires_at");`);
    this.addSql(`
      create table "account_token" (
        "id" varchar(64) primary key,
        "account_id" uuid not null references "account" ("id") on delete cascade,
        "purpose" text not null check ("purpose" in ('password-reset', 'email-verification')),
        "email" varchar(254) not null,
        "created_at" timestamptz not null,
        "expires_at" timestamptz not null,
        "used_at" timestamptz null
      );`);
    this.addSql(
      `create index "account_token_account_id_idx" on "account_token" ("account_id", "purpose");`,
    );
    this.addSql(`
      create table "admin_user" (
        "id" uuid primary key,
        "email" varchar(254) not null unique check ("email" = lower("email")),
        "role" text not null default 'Admin' check ("role" in ('Admin')),
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "admin_user";`);
    this.addSql(`drop table if exists "account_token";`);
    this.addSql(`drop table if exists "session";`);
    this.addSql(`drop table if exists "account";`);
  }
}
