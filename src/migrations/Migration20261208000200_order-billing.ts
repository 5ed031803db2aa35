import { Migration } from '@mikro-orm/migrations';

/**
 * The order form's optional billing details (company name, billing address, tax id), which the order's
 * invoice names as the buyer's. Nullable: every order placed before, and every seed call, has none.
 */
export class Migration20261208000200_order_billing extends Migration {
  override up(): void {
    this.addSql(`
      alter table "order"
        add column "company_name" varchar(100) null,
        add column "billing_address" varchar(300) null,
        add column "tax_id" varchar(50) null;`);
    // The admin home's Due soon / overdue: Pending paid orders with a due date, soonest first.
    this.addSql(
      `create index "order_due_soon_idx" on "order" ("due_at", "id") where "due_at" is not null and "order_status" = 'Pending' and "payment_status" in ('Paid', 'Disputed');`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "order_due_soon_idx";`);
    this.addSql(`
      alter table "order"
        drop column "company_name", drop column "billing_address", drop column "tax_id";`);
  }
}
