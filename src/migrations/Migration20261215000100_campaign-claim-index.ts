import { Migration } from '@mikro-orm/migrations';

/**
 * A batch's next chunk is claimed in subscriber order: with (campaign, batch, status) alone, PostgreSQL
 * walked the primary key in that order instead and filtered out every recipient of the batches before
 * (a claim read half the campaign on average). Ending the index with the subscriber gives the claim
 * its queued rows already in order.
 */
export class Migration20261215000100_campaign_claim_index extends Migration {
  override up(): void {
    this.addSql(
      `create index "campaign_recipient_claim_idx" on "campaign_recipient" ("campaign_id", "batch", "status", "subscriber_id");`,
    );
    this.addSql(`drop index if exists "campaign_recipient_batch_idx";`);
  }

  override down(): void {
    this.addSql(
      `create index "campaign_recipient_batch_idx" on "campaign_recipient" ("campaign_id", "batch", "status");`,
    );
    this.addSql(`drop index if exists "campaign_recipient_claim_idx";`);
  }
}
