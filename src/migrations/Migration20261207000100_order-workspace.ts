import { Migration } from '@mikro-orm/migrations';

/**
 * The order workspace: the work stage of a paid order (waiting for the customer's details, in progress,
 * delivered and waiting for approval, changes requested), when the intake was submitted, the due date
 * it set, when the work was last delivered and when the customer approved it (or the scheduled job
 * did); and `order_activity`, the timeline of everything that happened to an order. Orders placed
 * before it are taken as waiting for details (paid) or completed (Delivered: the stage follows).
 */
export class Migration20261207000100_order_workspace extends Migration {
  override up(): void {
    this.addSql(`
      alter table "order"
        add column "work_stage" varchar(20) not null default 'awaiting_details'
          check ("work_stage" in ('awaiting_details', 'in_progress', 'delivered', 'changes_requested')),
        add column "intake_submitted_at" timestamptz null,
        add column "due_at" timestamptz null,
        add column "work_delivered_at" timestamptz null,
        add column "approved_at" timestamptz null,
        add column "approved_by" varchar(10) null check ("approved_by" in ('customer', 'auto'));`);
    this.addSql(
      `create index "order_due_at_idx" on "order" ("due_at") where "due_at" is not null and "order_status" = 'Pending';`,
    );
    this.addSql(
      `create index "order_work_delivered_idx" on "order" ("work_delivered_at") where "work_stage" = 'delivered';`,
    );
    this.addSql(`
      create table "order_activity" (
        "id" uuid primary key,
        "order_id" uuid not null references "order" ("id") on delete cascade,
        "at" timestamptz not null,
        "kind" varchar(30) not null,
        "actor" varchar(10) not null check ("actor" in ('customer', 'admin', 'system')),
        "actor_email" varchar(254) null,
        "text" varchar(500) not null,
        "internal" boolean not null default false,
        "event_id" uuid null unique
      );`);
    this.addSql(`create index "order_activity_order_idx" on "order_activity" ("order_id", "at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "order_activity";`);
    this.addSql(`drop index if exists "order_due_at_idx";`);
    this.addSql(`drop index if exists "order_work_delivered_idx";`);
    this.addSql(`
      alter table "order"
        drop column "work_stage", drop column "intake_submitted_at", drop column "due_at",
        drop column "work_delivered_at", drop column "approved_at", drop column "approved_by";`);
  }
}
