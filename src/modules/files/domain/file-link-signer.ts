import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The `signing_key` row of these links. */
export const FILE_LINK_KEY_PURPOSE = 'file-links';
const SECRET_BYTES = 32;

/** What a download link signs: the file and the moment it stops working (Unix seconds). */
function signedText(fileId: string, expires: number): string {
  return `file-download\n${fileId.toLowerCase()}\n${expires}`;
}

/** The signature of a link (HMAC-SHA256, base64url). */
export function signFileLink(secret: Uint8Array, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(signedText(fileId, expires)).digest('base64url');
}

/** What a presented link is. */
export type FileLinkCheck = 'valid' | 'expired' | 'invalid';

/**
 * Checks a presented link: its signature first (compared in constant time), so that a forged link is
 * `invalid` whatever its expiry says; then its expiry.
 */
export function checkFileLink(
  secret: Uint8Array,
  fileId: string,
  expires: string | undefined,
  signature: string | undefined,
  now: Date,
): FileLinkCheck {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
  const expected = Buffer.from(signFileLink(secret, fileId, Number(expires)));
  const presented = Buffer.from(signature);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    return 'invalid';
  }
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/**
 * Signs download links that need no session, and checks them. The secret is kept in PostgreSQL (made
 * by the migration that made the table; made again by the first process that needs it should the row
 * ever be deleted), so a link made by one API process works on every other, with nothing to configure.
 */
@Injectable()
export class FileLinkSigner {
  private secret?: Promise<Buffer>;

  constructor(private readonly em: EntityManager) {}

  async sign(fileId: string, expiresAt: Date): Promise<{ expires: number; signature: string }> {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return { expires, signature: signFileLink(await this.key(), fileId, expires) };
  }

  async check(
    fileId: string,
    expires: string | undefined,
    signature: string | undefined,
    now = new Date(),
  ): Promise<FileLinkCheck> {
    return checkFileLink(await this.key(), fileId, expires, signature, now);
  }

  private key(): Promise<Buffer> {
    if (!this.secret) {
      this.secret = readOrCreateSecret(this.em.fork());
      // A failed read (database down) is tried again by the next request.
      this.secret.catch(() => (this.secret = undefined));
    }
    return this.secret;
  }
}

async function readOrCreateSecret(em: EntityManager): Promise<Buffer> {
  // There is one already (see the migration); else whoever inserts first wins and all read theirs.
  await em.execute(
    `insert into "signing_key" ("purpose", "secret") values (?, ?) on conflict ("purpose") do nothing`,
    [FILE_LINK_KEY_PURPOSE, randomBytes(SECRET_BYTES)],
  );
  const [row] = await em.execute<{ secret: Buffer }[]>(
    `select "secret" from "signing_key" where "purpose" = ?`,
    [FILE_LINK_KEY_PURPOSE],
  );
  if (!row) throw new Error('The file links’ signing key could not be read');
  return row.secret;
}
