import { Migration } from '@mikro-orm/migrations';

/**
 * Staff roles besides Admin: an admin users entry may also be an Editor (content, SEO, media,
 * newsletter drafts) or Support (orders, inbox, order threads). Existing entries stay Admin.
 */
export class Migration20261214002100_staff_roles extends Migration {
  override up(): void {
    this.addSql(`alter table "admin_user" drop constraint if exists "admin_user_role_check";`);
    this.addSql(
      `alter table "admin_user" add constraint "admin_user_role_check" check ("role" in ('Admin', 'Editor', 'Support'));`,
    );
  }

  override down(): void {
    this.addSql(`update "admin_user" set "role" = 'Admin' where "role" <> 'Admin';`);
    this.addSql(`alter table "admin_user" drop constraint if exists "admin_user_role_check";`);
    this.addSql(
      `alter table "admin_user" add constraint "admin_user_role_check" check ("role" in ('Admin'));`,
    );
  }
}
