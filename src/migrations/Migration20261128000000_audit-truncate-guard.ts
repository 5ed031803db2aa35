import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log refused UPDATE and DELETE row by row, but TRUNCATE fires no row trigger: it emptied the
 * table. A statement trigger refuses it too. (The table's owner can still disable triggers: run the
 * application as a role that does not own the tables, see README, "Database roles".)
 */
export class Migration20261128000000_audit_truncate_guard extends Migration {
  override up(): void {
    this.addSql(`
      create trigger "audit_entry_no_truncate" before truncate on "audit_entry"
        for each statement execute function "audit_entry_append_only"();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists "audit_entry_no_truncate" on "audit_entry";`);
  }
}
