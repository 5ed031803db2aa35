import { randomBytes } from 'node:crypto';
import { Migration } from '@mikro-orm/migrations';

/**
 * Private files (order attachments, deliverables): one row per object in the store's private area,
 * owned by a customer (by e-mail, as orders name them), with the name it is downloaded under. And the
 * secret that signs their short-lived download links, made here, so that every API process signs and
 * checks with the same one.
 */
export class Migration20261205000300_stored_files extends Migration {
  override up(): void {
    this.addSql(`
      create table "stored_file" (
        "id" uuid primary key,
        "owner_email" varchar(254) not null,
        "order_id" uuid null,
        "kind" varchar(30) not null check ("kind" in ('order-attachment', 'deliverable')),
        "filename" varchar(200) not null,
        "content_type" varchar(200) not null,
        "size" integer not null check ("size" > 0),
        "storage_key" varchar(512) not null unique,
        "created_at" timestamptz not null default now(),
        "created_by" uuid null
      );`);
    this.addSql(`create index "stored_file_owner_email_idx" on "stored_file" ("owner_email");`);
    this.addSql(
      `create index "stored_file_order_id_idx" on "stored_file" ("order_id") where "order_id" is not null;`,
    );
    this.addSql(`
      create table "signing_key" (
        "purpose" varchar(50) primary key,
        "secret" bytea not null,
        "created_at" timestamptz not null default now()
      );`);
    // This database's own secret, random from Node's CSPRNG (PostgreSQL has none without pgcrypto).
    this.addSql(
      `insert into "signing_key" ("purpose", "secret") values ('file-links', '\\x${randomBytes(32).toString('hex')}');`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "signing_key";`);
    this.addSql(`drop table if exists "stored_file";`);
  }
}
