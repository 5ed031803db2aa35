import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_contact_messages extends Migration {
  override up(): void {
    this.addSql(`
      create table "message" (
        "id" uuid primary key,
        "name" varchar(100) not null,
        "email" varchar(254) not null,
        "number" varchar(30) not null,
        "subject" varchar(200) not null,
        "message" text not null,
        "message_status" text not null default 'UnRead'
          check ("message_status" in ('UnRead', 'Read')),
        "created_at" timestamptz not null
      );`);
    this.addSql(
      `create index "message_status_created_at_idx" on "message" ("message_status", "created_at" desc);`,
    );
    this.addSql(`
      create table "outbox_event" (
        "id" uuid primary key,
        "type" varchar(100) not null,
        "payload" jsonb not null,
        "occurred_at" timestamptz not null,
        "dispatched_at" timestamptz null,
        "attempts" int not null default 0,
        "last_error" text null
      );`);
    this.addSql(
      `create index "outbox_event_pending_idx" on "outbox_event" ("occurred_at") where "dispatched_at" is null;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "outbox_event";`);
    this.addSql(`drop table if exists "message";`);
  }
}
