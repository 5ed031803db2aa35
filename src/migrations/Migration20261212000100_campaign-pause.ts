import { Migration } from '@mikro-orm/migrations';

/**
 * Sending controls: a campaign pauses itself after NEWSLETTER_PAUSE_AFTER_ERRORS delivery errors in a
 * row (its streak, reset by every delivery), keeping the last error as the reason, until an admin
 * resumes or cancels it.
 */
export class Migration20261212000100_campaign_pause extends Migration {
  override up(): void {
    this.addSql(
      `alter table "newsletter_campaign" drop constraint if exists "newsletter_campaign_status_check";`,
    );
    this.addSql(`
      alter table "newsletter_campaign"
        add constraint "newsletter_campaign_status_check"
          check ("status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled', 'paused')),
        add column "error_streak" int not null default 0,
        add column "paused_reason" text null,
        add column "paused_at" timestamptz null;`);
    this.addSql(
      `create index "campaign_recipient_sent_at_idx" on "campaign_recipient" ("campaign_id", "sent_at") where "sent_at" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "campaign_recipient_sent_at_idx";`);
    this.addSql(
      `update "newsletter_campaign" set "status" = 'cancelled' where "status" = 'paused';`,
    );
    this.addSql(
      `alter table "newsletter_campaign" drop constraint if exists "newsletter_campaign_status_check";`,
    );
    this.addSql(`
      alter table "newsletter_campaign"
        add constraint "newsletter_campaign_status_check"
          check ("status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
        drop column "error_streak",
        drop column "paused_reason",
        drop column "paused_at";`);
  }
}
