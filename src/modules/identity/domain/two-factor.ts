import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { hashSecretToken } from '../../../platform/crypto/secret-token.js';
import { matchTotp, randomBase32 } from './totp.js';
import type { TotpSecretBox } from './totp-secret-box.js';

const logger = new Logger('TwoFactor');

/** Recovery codes an enrolment hands out: each works once, in place of an app's code. */
export const RECOVERY_CODE_COUNT = 10;
/** 80 random bits a code: stored as a plain SHA-256 like the link tokens, being as unguessable. */
const RECOVERY_CODE_BYTES = 10;

/** What a presented code turned out to be. */
export type SecondFactor = 'totp' | 'recovery-code';

/** A recovery code as shown: 16 base32 characters in groups of four. */
function newRecoveryCode(): string {
  return randomBase32(RECOVERY_CODE_BYTES)
    .toLowerCase()
    .replace(/(.{4})(?!$)/g, '$1-');
}

/** A typed recovery code as stored: case, spaces and dashes do not matter. */
const recoveryCodeHash = (code: string) =>
  hashSecretToken(code.replace(/[\s-]/g, '').toLowerCase());

/** Replaces an account's recovery codes with new ones (hashes stored); returns them to show once. */
export async function issueRecoveryCodes(em: EntityManager, accountId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const tx = em.getTransactionContext();
  const connection = em.getConnection();
  await connection.execute(
    'delete from recovery_code where account_id = ?',
    [accountId],
    'run',
    tx,
  );
  await connection.execute(
    `insert into recovery_code (id, account_id, created_at)
     values ${codes.map(() => '(?, ?, now())').join(', ')}`,
    codes.flatMap((code) => [recoveryCodeHash(code), accountId]),
    'run',
    tx,
  );
  return codes;
}

export async function deleteRecoveryCodes(em: EntityManager, accountId: string): Promise<void> {
  await em
    .getConnection()
    .execute(
      'delete from recovery_code where account_id = ?',
      [accountId],
      'run',
      em.getTransactionContext(),
    );
}

/**
 * Checks a second factor for an account: a 6-digit code of its TOTP secret (the pending one for the
 * confirmation of an enrolment, else the enrolled one), or one of its unused recovery codes. A match is
 * used up atomically (the code's step is recorded, or the recovery code marked), so of two requests
 * with the same code one succeeds, and a code never works twice. Resolves with what matched, or null.
 * A secret stored before secrets were sealed is sealed on its first match.
 */
export async function useSecondFactor(
  em: EntityManager,
  secrets: TotpSecretBox,
  accountId: string,
  code: string,
  options: { pending?: boolean; allowRecoveryCode: boolean },
): Promise<SecondFactor | null> {
  const tx = em.getTransactionContext();
  const connection = em.getConnection();
  const typed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    const [row] = await connection.execute<{ secret: string | null; last_step: string | null }[]>(
      `select totp_secret as secret, totp_last_step as last_step from account
        where id = ? and totp_enabled_at is ${options.pending ? '' : 'not '}null`,
      [accountId],
      'all',
      tx,
    );
    if (!row?.secret) return null;
    const opened = secrets.open(accountId, row.secret);
    if (!opened) {
      logger.error({ accountId }, 'A TOTP secret does not open: TOTP_SECRET_KEY was changed?');
      return null;
    }
    const lastStep = row.last_step === null ? null : Number(row.last_step);
    const step = matchTotp(opened.secret, typed, Date.now(), lastStep);
    if (step === null) return null;
    const used = await connection.execute<{ affectedRows: number }>(
      `update account set totp_last_step = ?, totp_secret = ?
        where id = ? and (totp_last_step is null or totp_last_step < ?)`,
      [step, opened.legacy ? secrets.seal(accountId, opened.secret) : row.secret, accountId, step],
      'run',
      tx,
    );
    return used.affectedRows === 1 ? 'totp' : null;
  }
  if (!options.allowRecoveryCode) return null;
  const [row] = await connection.execute<{ id: string }[]>(
    `update recovery_code set used_at = now()
      where account_id = ? and id = ? and used_at is null
      returning id`,
    [accountId, recoveryCodeHash(typed)],
    'all',
    tx,
  );
  return row ? 'recovery-code' : null;
}
