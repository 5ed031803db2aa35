import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';

/** Marks a sealed secret; a stored secret without it is one written before sealing (base32). */
const SEALED = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals the accounts' TOTP secrets for the database with AES-256-GCM under TOTP_SECRET_KEY, bound to
 * their account (a sealed secret copied onto another account does not open): a leaked table or backup
 * alone does not let anyone make the staff's sign-in codes.
 */
@Injectable()
export class TotpSecretBox {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'TOTP_SECRET_KEY'>) {
    this.key = Buffer.from(config.TOTP_SECRET_KEY, 'base64');
  }

  /** The stored form of an account's secret (base32). */
  seal(accountId: string, secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(accountId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return SEALED + Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /**
   * The secret (base32) of a stored one; null when it does not open (another key, another account,
   * altered). A secret stored before sealing is returned as it is (`legacy`: to be sealed again).
   */
  open(accountId: string, stored: string): { secret: string; legacy: boolean } | null {
    if (!stored.startsWith(SEALED)) return { secret: stored, legacy: true };
    const bytes = Buffer.from(stored.slice(SEALED.length), 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      const secret = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return { secret: secret.toString('utf8'), legacy: false };
    } catch {
      return null;
    }
  }
}
