import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

export interface Argon2Params {
  /** Memory in KiB. */
  m: number;
  /** Passes. */
  t: number;
  /** Lanes. */
  p: number;
}

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. Raising these upgrades hashes at login. */
export const CURRENT_PARAMS: Argon2Params = { m: 19 * 1024, t: 2, p: 1 };

const SALT_BYTES = 16;
const HASH_BYTES = 32;
const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

async function derive(password: string, salt: Buffer, params: Argon2Params, length: number) {
  return argon2Async('argon2id', {
    message: password,
    nonce: salt,
    memory: params.m,
    passes: params.t,
    parallelism: params.p,
    tagLength: length,
  });
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

/** Hashes a password into a PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`). */
export async function hashPassword(
  password: string,
  params: Argon2Params = CURRENT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params, HASH_BYTES);
  return `$argon2id$v=19$m=${params.m},t=${params.t},p=${params.p}$${b64(salt)}$${b64(hash)}`;
}

export interface PasswordCheck {
  matches: boolean;
  /** The hash was made with other parameters than today's: store a new one. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const match = PHC.exec(stored);
  if (!match) return { matches: false, needsRehash: true };
  const [, m, t, p, salt, hash] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const params = { m: Number(m), t: Number(t), p: Number(p) };
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), params, expected.length);
  return {
    matches: timingSafeEqual(actual, expected),
    needsRehash:
      params.m !== CURRENT_PARAMS.m ||
      params.t !== CURRENT_PARAMS.t ||
      params.p !== CURRENT_PARAMS.p,
  };
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of a real check when there is no account (or no password) to check against, so
 * response times do not tell which e-mails have accounts.
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
}
