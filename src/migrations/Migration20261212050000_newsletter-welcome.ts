import { Migration } from '@mikro-orm/migrations';

/**
 * The editable welcome e-mail: one row at most (absent: the default text, enabled), and when each
 * subscriber was welcomed (at most once in the subscriber's lifetime). Addresses confirmed before this
 * got the fixed welcome already: they count as welcomed at their confirmation.
 */
export class Migration20261212050000_newsletter_welcome extends Migration {
  override up(): void {
    this.addSql(`
      create table "newsletter_welcome" (
        "id" smallint not null default 1 primary key check ("id" = 1),
        "enabled" boolean not null,
        "subject" varchar(200) not null,
        "body" text not null,
        "updated_at" timestamptz not null,
        "updated_by" varchar(254) not null
      );`);
    this.addSql(`alter table "subscriber" add column "welcomed_at" timestamptz null;`);
    this.addSql(
      `update "subscriber" set "welcomed_at" = "confirmed_at" where "confirmed_at" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "subscriber" drop column "welcomed_at";`);
    this.addSql(`drop table if exists "newsletter_welcome";`);
  }
}
