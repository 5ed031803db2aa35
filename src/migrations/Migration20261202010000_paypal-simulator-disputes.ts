import { Migration } from '@mikro-orm/migrations';

/**
 * The PayPal simulator opens and resolves disputes (PAYPAL_MODE=simulator only): the Payments Standard
 * payments it took (a case names one, and its IPNs repeat the payment's fields), and the disputes it
 * opened, at most one unresolved per transaction, as it reports them to the shop.
 */
export class Migration20261202010000_paypal_simulator_disputes extends Migration {
  override up(): void {
    this.addSql(`
      create table "paypal_simulator_payment" (
        "txn_id" varchar(32) primary key,
        "fields" jsonb not null,
        "created_at" timestamptz not null
      );`);
    this.addSql(`
      create table "paypal_simulator_dispute" (
        "id" varchar(32) primary key,
        "channel" text not null check ("channel" in ('checkout', 'standard')),
        "transaction_id" varchar(32) not null,
        "status" text not null check ("status" in ('OPEN', 'REVERSED', 'RESOLVED')),
        "body" jsonb not null,
        "created_at" timestamptz not null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(
      `create unique index "paypal_simulator_dispute_open_uq" on "paypal_simulator_dispute" ("transaction_id") where "status" <> 'RESOLVED';`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "paypal_simulator_dispute";`);
    this.addSql(`drop table if exists "paypal_simulator_payment";`);
  }
}
