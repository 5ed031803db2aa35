import { Migration } from '@mikro-orm/migrations';

/**
 * The order thread: messages between an order's customer and the agency (`internal`: the admins'
 * notes, never shown to customers), the files attached to each (private files uploaded for the order),
 * and one row per order holding its read markers (the customer's, and one shared by the admins) and
 * whether an e-mail of the agency's messages to the customer is on its way. `seq` orders messages and
 * is what the read markers compare with: messages are written under the order's row lock, so a
 * higher seq is always a later message.
 */
export class Migration20261208000300_order_thread extends Migration {
  override up(): void {
    this.addSql(`
      create table "order_message" (
        "id" uuid primary key,
        "seq" bigint generated always as identity unique,
        "order_id" uuid not null references "order" ("id") on delete cascade,
        "author" varchar(10) not null check ("author" in ('customer', 'admin')),
        "author_account_id" uuid null,
        "author_email" varchar(254) not null,
        "body" varchar(5000) not null,
        "internal" boolean not null default false check (not "internal" or "author" = 'admin'),
        "created_at" timestamptz not null default now(),
        "customer_notified_at" timestamptz null
      );`);
    this.addSql(`create index "order_message_order_idx" on "order_message" ("order_id", "seq");`);
    this.addSql(`
      create table "order_message_attachment" (
        "message_id" uuid not null references "order_message" ("id") on delete cascade,
        "file_id" uuid not null,
        "position" smallint not null,
        primary key ("message_id", "file_id")
      );`);
    this.addSql(`
      create table "order_thread" (
        "order_id" uuid primary key references "order" ("id") on delete cascade,
        "customer_read_seq" bigint not null default 0,
        "admin_read_seq" bigint not null default 0,
        "customer_mail_due" boolean not null default false
      );`);
  }

  override down(): void {
    this.addSql(`drop table if exists "order_thread";`);
    this.addSql(`drop table if exists "order_message_attachment";`);
    this.addSql(`drop table if exists "order_message";`);
  }
}
