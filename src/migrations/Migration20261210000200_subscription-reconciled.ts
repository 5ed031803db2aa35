import { Migration } from '@mikro-orm/migrations';

/**
 * When reconciliation last read each subscription from PayPal: each run reads the open ones it read
 * longest ago (never read first), so every open subscription is read in turn.
 */
export class Migration20261210000200_subscription_reconciled extends Migration {
  override up(): void {
    this.addSql(`alter table "subscription" add column "reconciled_at" timestamptz null;`);
    this.addSql(
      `create index "subscription_reconcile_idx" on "subscription" ("status", "reconciled_at" nulls first);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "subscription_reconcile_idx";`);
    this.addSql(`alter table "subscription" drop column if exists "reconciled_at";`);
  }
}
