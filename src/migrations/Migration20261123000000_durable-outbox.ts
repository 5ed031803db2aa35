import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox becomes the ledger of owed work: a row is owed until its consumer confirms it (completed_at),
 * not merely until Redis accepted its job, and it may carry jobs for any queue (e-mails too). Consumers
 * record the events they handled in processed_event, so a re-published event is never handled twice.
 */
export class Migration20261123000000_durable_outbox extends Migration {
  override up(): void {
    this.addSql(`
      alter table "outbox_event"
        add column "queue" varchar(100) not null default 'domain-events',
        add column "dispatch_count" int not null default 0,
        add column "locked_until" timestamptz null,
        add column "completed_at" timestamptz null,
        add column "failed_at" timestamptz null;`);
    // Rows relayed before this change were handled the way they were then: they are settled.
    this.addSql(
      `update "outbox_event" set "completed_at" = "dispatched_at", "dispatch_count" = 1 where "dispatched_at" is not null;`,
    );
    this.addSql(`drop index if exists "outbox_event_pending_idx";`);
    this.addSql(
      `create index "outbox_event_owed_idx" on "outbox_event" ("occurred_at") where "completed_at" is null and "failed_at" is null;`,
    );
    this.addSql(`
      create table "processed_event" (
        "event_id" uuid not null,
        "handler" varchar(100) not null,
        "processed_at" timestamptz not null default now(),
        primary key ("event_id", "handler")
      );`);
    this.addSql(`
      create table "sender_confirmation" (
        "email" varchar(254) not null check ("email" = lower("email")),
        "day" date not null,
        primary key ("email", "day")
      );`);
    this.addSql(`create index "sender_confirmation_day_idx" on "sender_confirmation" ("day");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "sender_confirmation";`);
    this.addSql(`drop table if exists "processed_event";`);
    this.addSql(`drop index if exists "outbox_event_owed_idx";`);
    this.addSql(`
      alter table "outbox_event"
        drop column "queue", drop column "dispatch_count", drop column "locked_until",
        drop column "completed_at", drop column "failed_at";`);
    this.addSql(
      `create index "outbox_event_pending_idx" on "outbox_event" ("occurred_at") where "dispatched_at" is null;`,
    );
  }
}
