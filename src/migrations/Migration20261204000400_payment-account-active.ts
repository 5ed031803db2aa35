import { Migration } from '@mikro-orm/migrations';

/**
 * Which PayPal receiving e-mail payments go to: the active one, one at a time (a partial unique index
 * holds no more than one). Until now the oldest stored was used: it becomes the active one.
 */
export class Migration20261204000400_payment_account_active extends Migration {
  override up(): void {
    this.addSql(
      `alter table "payment_account" add column "active" boolean not null default false;`,
    );
    this.addSql(`
      update "payment_account" set "active" = true
       where "id" = (select "id" from "payment_account" order by "created_at", "id" limit 1);`);
    this.addSql(
      `create unique index "payment_account_active_idx" on "payment_account" ("active") where "active";`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "payment_account_active_idx";`);
    this.addSql(`alter table "payment_account" drop column if exists "active";`);
  }
}
