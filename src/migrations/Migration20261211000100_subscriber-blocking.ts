import { Migration } from '@mikro-orm/migrations';

/**
 * Bounces and complaints: an address whose provider reported a hard bounce (or repeated soft ones) or
 * a spam complaint is `bounced` / `complained`, with the reason and the time, and is never sent to
 * again.
 */
export class Migration20261211000100_subscriber_blocking extends Migration {
  override up(): void {
    this.addSql(`alter table "subscriber" drop constraint if exists "subscriber_status_check";`);
    this.addSql(`
      alter table "subscriber"
        add constraint "subscriber_status_check"
          check ("status" in ('pending', 'confirmed', 'unsubscribed', 'bounced', 'complained')),
        add column "blocked_reason" text null,
        add column "blocked_at" timestamptz null;`);
  }

  override down(): void {
    this.addSql(
      `update "subscriber" set "status" = 'unsubscribed' where "status" in ('bounced', 'complained');`,
    );
    this.addSql(`alter table "subscriber" drop constraint if exists "subscriber_status_check";`);
    this.addSql(`
      alter table "subscriber"
        add constraint "subscriber_status_check"
          check ("status" in ('pending', 'confirmed', 'unsubscribed')),
        drop column "blocked_reason",
        drop column "blocked_at";`);
  }
}
