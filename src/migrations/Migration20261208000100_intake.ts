import { Migration } from '@mikro-orm/migrations';

/**
 * The intake questionnaire: `intake_form_version` holds every saved version of a pricing package's
 * form (never updated: a save, a restore or the demo content adds the next version), and
 * `intake_submission` every set of answers an order's customer (or an admin for them) sent, with the
 * version it answered; the newest one per order is the one that counts.
 */
export class Migration20261208000100_intake extends Migration {
  override up(): void {
    this.addSql(`
      create table "intake_form_version" (
        "id" uuid primary key,
        "package_id" uuid not null,
        "version" integer not null check ("version" > 0),
        "fields" jsonb not null,
        "saved_by" varchar(254) null,
        "saved_at" timestamptz not null,
        unique ("package_id", "version")
      );`);
    this.addSql(`
      create table "intake_submission" (
        "id" uuid primary key,
        "order_id" uuid not null references "order" ("id") on delete cascade,
        "form_version_id" uuid not null references "intake_form_version" ("id"),
        "answers" jsonb not null,
        "submitted_at" timestamptz not null,
        "submitted_by" varchar(10) not null check ("submitted_by" in ('customer', 'admin')),
        "submitted_by_email" varchar(254) null
      );`);
    this.addSql(
      `create index "intake_submission_order_idx" on "intake_submission" ("order_id", "submitted_at" desc);`,
    );
    this.addSql(`
      create function "intake_form_version_immutable"() returns trigger language plpgsql as $$
      begin
        raise exception 'intake form versions are never changed';
      end $$;`);
    this.addSql(`
      create trigger "intake_form_version_immutable" before update on "intake_form_version"
        for each row execute function "intake_form_version_immutable"();`);
  }

  override down(): void {
    this.addSql(`drop table if exists "intake_submission";`);
    this.addSql(`drop table if exists "intake_form_version";`);
    this.addSql(`drop function if exists "intake_form_version_immutable"();`);
  }
}
