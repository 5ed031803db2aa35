import { Migration } from '@mikro-orm/migrations';

/**
 * Newsletter campaigns and their recipients. A recipient row per (campaign, subscriber) is the ledger of
 * the fan-out: its primary key is why a retried or resumed batch never mails anyone twice. Every
 * subscriber gets a lasting unsubscribe token for the List-Unsubscribe header of every newsletter.
 */
export class Migration20261126020000_newsletter_campaigns extends Migration {
  override up(): void {
    this.addSql(`
      create table "newsletter_campaign" (
        "id" uuid primary key,
        "subject" varchar(200) not null,
        "body" text not null,
        "status" text not null default 'draft'
          check ("status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
        "created_by" varchar(254) not null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null,
        "scheduled_at" timestamptz null,
        "started_at" timestamptz null,
        "finished_at" timestamptz null,
        "cancelled_at" timestamptz null
      );`);
    this.addSql(
      `create index "newsletter_campaign_created_at_idx" on "newsletter_campaign" ("created_at" desc, "id" desc);`,
    );
    // No foreign key to the subscriber: removing an address keeps the campaign's history.
    this.addSql(`
      create table "campaign_recipient" (
        "campaign_id" uuid not null references "newsletter_campaign" ("id") on delete cascade,
        "subscriber_id" uuid not null,
        "email" varchar(254) not null,
        "batch" int not null,
        "status" text not null default 'queued'
          check ("status" in ('queued', 'sending', 'sent', 'failed', 'cancelled')),
        "attempts" int not null default 0,
        "last_error" text null,
        "sent_at" timestamptz null,
        primary key ("campaign_id", "subscriber_id")
      );`);
    this.addSql(
      `create index "campaign_recipient_batch_idx" on "campaign_recipient" ("campaign_id", "batch", "status");`,
    );
    // 244 random bits from PostgreSQL's strong random source, as 64 hex digits.
    this.addSql(`
      alter table "subscriber" add column "unsubscribe_token" varchar(64) not null
        default replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');`);
    this.addSql(
      `create unique index "subscriber_unsubscribe_token_idx" on "subscriber" ("unsubscribe_token");`,
    );
  }

  override down(): void {
    this.addSql(`alter table "subscriber" drop column "unsubscribe_token";`);
    this.addSql(`drop table if exists "campaign_recipient";`);
    this.addSql(`drop table if exists "newsletter_campaign";`);
  }
}
