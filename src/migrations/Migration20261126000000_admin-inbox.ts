import { Migration } from '@mikro-orm/migrations';

/**
 * The admin inbox lists every message newest first (/all-messages/, GET /messages): an index in that
 * order, the id breaking ties as the queries do. By status it uses message_status_created_at_idx.
 * The sender search (a substring of the name or e-mail) scans the inbox's rows, which stay few.
 */
export class Migration20261126000000_admin_inbox extends Migration {
  override up(): void {
    this.addSql(
      `create index "message_created_at_idx" on "message" ("created_at" desc, "id" desc);`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "message_created_at_idx";`);
  }
}
