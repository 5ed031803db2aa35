import { Migration } from '@mikro-orm/migrations';

/**
 * Two-factor secrets are sealed (AES-256-GCM under TOTP_SECRET_KEY) before they are stored: the sealed
 * form is longer. Secrets stored before are sealed at their next use (the key is not SQL's to know).
 */
export class Migration20261216000100_totp_sealed extends Migration {
  override up(): void {
    this.addSql(`alter table "account" alter column "totp_secret" type varchar(128);`);
  }

  override down(): void {
    this.addSql(`alter table "account" alter column "totp_secret" type varchar(64);`);
  }
}
