import { Migration } from '@mikro-orm/migrations';

/** Private files of a third kind: those of the admins' internal notes, which customers never read. */
export class Migration20261208000500_internal_note_files extends Migration {
  override up(): void {
    this.addSql(`alter table "stored_file" drop constraint if exists "stored_file_kind_check";`);
    this.addSql(`
      alter table "stored_file" add constraint "stored_file_kind_check"
        check ("kind" in ('order-attachment', 'deliverable', 'internal-note'));`);
  }

  override down(): void {
    this.addSql(`alter table "stored_file" drop constraint if exists "stored_file_kind_check";`);
    this.addSql(`
      alter table "stored_file" add constraint "stored_file_kind_check"
        check ("kind" in ('order-attachment', 'deliverable'));`);
  }
}
