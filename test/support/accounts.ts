/** Account steps and checks that the identity suites share: the stored rows, password reset links. */
import { expect } from '@jest/globals';
import type pg from 'pg';
import { AUTH_MESSAGES } from '../../src/contracts/identity.js';
import { assertStatus, expectNewMail, linkFrom, MAIL_SUBJECTS, mailTo } from './identity.js';
import type { IdentityApp } from './identity-suite.js';
import type { Mailbox } from './mailbox.js';

/** The stored accounts of an address (any case). */
export async function accountRows(db: pg.Pool, email: string) {
  const { rows } = await db.query<{
    id: string;
    email: string;
    password_hash: string | null;
    email_verified_at: Date | null;
  }>(
    'SELECT id, email, password_hash, email_verified_at FROM account WHERE lower(email) = lower($1)',
    [email],
  );
  return rows;
}

export async function assertNoAccount(db: pg.Pool, email: string, what: string): Promise<void> {
  // No account for the address (`what` says after what).
  expect({ what, email, rows: await accountRows(db, email) }).toStrictEqual({
    what,
    email,
    rows: [],
  });
}

/** Asks for a reset link and returns its token (from the newest reset mail). */
export async function requestResetToken(
  mailbox: Mailbox,
  api: IdentityApp,
  email: string,
): Promise<string> {
  const mail = expectNewMail(mailbox, mailTo(email, MAIL_SUBJECTS.reset));
  const response = await api.client().post('/api/auth/password-reset', { email });
  assertStatus(response, 202, `password reset for ${email}`);
  expect(response.body).toStrictEqual({ message: AUTH_MESSAGES.resetRequested });
  return linkFrom(await mail.next(), '/reset', api.publicUrl).token;
}

export const confirmReset = (api: IdentityApp, token: string, password: string) =>
  api.client().post('/api/auth/password-reset/confirm', { token, password });
