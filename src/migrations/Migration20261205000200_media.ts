import { Migration } from '@mikro-orm/migrations';

/**
 * The uploaded images, by stored name: their type, size and pixels, and the responsive variants (WebP
 * and AVIF at several widths) the worker makes of a raster image: `pending` until made, `ready` with
 * the list, `failed` with the reason after the last attempt. A change of the variants bumps the
 * content's version (the public content snapshot carries the variants of the images it shows), so the
 * cached pages are rendered again with their `srcset`.
 */
export class Migration20261205000200_media extends Migration {
  override up(): void {
    this.addSql(`
      create table "media" (
        "name" varchar(64) primary key,
        "content_type" varchar(64) not null,
        "byte_size" integer not null check ("byte_size" >= 0),
        "width" integer null,
        "height" integer null,
        "created_at" timestamptz not null default now(),
        "variants" jsonb not null default '[]',
        "variants_status" varchar(16) not null default 'pending'
          check ("variants_status" in ('pending', 'ready', 'failed')),
        "error" text null
      );`);
    this.addSql(`
      create trigger "media_bumps_content_version"
        after update of "variants", "variants_status" on "media"
        for each statement execute function "bump_content_version"();`);
  }

  override down(): void {
    this.addSql(`drop table if exists "media";`);
  }
}
