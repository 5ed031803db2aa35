import { Migration } from '@mikro-orm/migrations';

/**
 * Invoices and credit notes: one per payment (a credit note per refund, naming the invoice it
 * reverses), numbered INV-YYYY-NNNNNN without gaps per year. The number comes from `invoice_counter`,
 * incremented in the transaction that records the payment: a payment rolled back takes its number
 * back with it, and two payments at once wait on the year's counter row, so no number is skipped or
 * given twice. Seller and buyer are copied as they were when the document was issued.
 */
export class Migration20261206000100_invoices extends Migration {
  override up(): void {
    this.addSql(`
      create table "invoice_counter" (
        "year" integer primary key,
        "last" integer not null check ("last" > 0)
      );`);
    this.addSql(`
      create table "invoice" (
        "id" uuid primary key,
        "number" varchar(20) not null unique,
        "year" integer not null,
        "kind" varchar(20) not null check ("kind" in ('invoice', 'credit-note')),
        "order_id" uuid not null,
        "references_id" uuid null references "invoice" ("id"),
        "seller" jsonb not null,
        "buyer" jsonb not null,
        "line" varchar(200) not null,
        "currency" varchar(3) not null,
        "amount" numeric(12, 2) not null,
        "issued_at" timestamptz not null,
        "capture_id" varchar(64) null,
        "created_at" timestamptz not null default now(),
        check (("kind" = 'credit-note') = ("references_id" is not null))
      );`);
    this.addSql(`create index "invoice_order_id_idx" on "invoice" ("order_id");`);
    // One invoice per order, and one credit note per invoice.
    this.addSql(
      `create unique index "invoice_one_per_order_uq" on "invoice" ("order_id") where "kind" = 'invoice';`,
    );
    this.addSql(
      `create unique index "invoice_one_credit_note_uq" on "invoice" ("references_id") where "references_id" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "invoice";`);
    this.addSql(`drop table if exists "invoice_counter";`);
  }
}
