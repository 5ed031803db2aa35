import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030000_newsletter extends Migration {
  override up(): void {
    this.addSql(`
      create table "subscriber" (
        "id" uuid primary key,
        "email" varchar(254) not null unique check ("email" = lower("email")),
        "status" text not null default 'pending'
          check ("status" in ('pending', 'confirmed', 'unsubscribed')),
        "created_at" timestamptz not null,
        "confirmed_at" timestamptz null,
        "unsubscribed_at" timestamptz null
      );`);
    this.addSql(`create index "subscriber_created_at_idx" on "subscriber" ("created_at" desc);`);
    this.addSql(`
      create table "subscriber_token" (
        "id" varchar(64) primary key,
        "subscriber_id" uuid not null references "subscriber" ("id") on delete cascade,
        "purpose" text not null check ("purpose" in ('confirm', 'unsubscribe')),
        "created_at" timestamptz not null,
        "expires_at" timestamptz not null,
        "used_at" timestamptz null
      );`);
    this.addSql(
      `create index "subscriber_token_subscriber_id_idx" on "subscriber_token" ("subscriber_id", "purpose");`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "subscriber_token";`);
    this.addSql(`drop table if exists "subscriber";`);
  }
}
