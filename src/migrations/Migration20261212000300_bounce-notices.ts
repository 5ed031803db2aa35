import { Migration } from '@mikro-orm/migrations';

/**
 * Bounce and complaint notices from mail providers (SES via SNS, Postmark, the generic format), one row
 * per (provider, notice id): a notice sent again is stored once and changes nothing. Soft bounces are
 * counted from here; a notice matched to a campaign counts for it.
 */
export class Migration20261212000300_bounce_notices extends Migration {
  override up(): void {
    this.addSql(`
      create table "bounce_notice" (
        "provider" varchar(20) not null,
        "notice_id" varchar(300) not null,
        "kind" varchar(10) not null check ("kind" in ('hard', 'soft', 'complaint')),
        "email" varchar(254) not null,
        "reason" text not null,
        "occurred_at" timestamptz not null,
        "received_at" timestamptz not null default now(),
        "campaign_id" uuid null references "newsletter_campaign" ("id") on delete set null,
        constraint "bounce_notice_pkey" primary key ("provider", "notice_id"));`);
    this.addSql(
      `create index "bounce_notice_email_index" on "bounce_notice" ("email", "occurred_at");`,
    );
    this.addSql(
      `create index "bounce_notice_campaign_index" on "bounce_notice" ("campaign_id", "kind")
        where "campaign_id" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "bounce_notice";`);
  }
}
