/**
 * Helpers for the identity tests: unique addresses, mail predicates, link tokens from mails, and
 * the register / verify / login steps through the public API (src/contracts/identity.ts).
 * Also used by the Playwright tests (test/e2e), so the checks use the standalone `expect` package
 * (Jest's matchers), not `@jest/globals`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'expect';
import { AUTH_MESSAGES } from '../../src/contracts/identity.js';
import { type HttpClient, type HttpResponse } from './http-client.js';
import { type Mailbox, type MailPredicate, type ReceivedMail } from './mailbox.js';

export const MAIL_SUBJECTS = {
  verify: 'Verify your e-mail',
  reset: 'Reset your password',
  changed: 'Your password was changed',
  alreadyRegistered: 'Someone tried to register',
  guessing: 'Someone is trying to log in',
} as const;

export const uid = () => randomBytes(4).toString('hex');

/** A fresh address (lower-case; letters enough for the "three letters in a row" rule). */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${uid()}@example.test`;

/** Good enough for the server's password rules and not a common password. */
export const strongPassword = () => `Correct-Horse-${uid()}-Battery`;

export const sha256hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** Mails whose envelope includes `email` (any case) and whose subject contains `subject`. */
export const mailTo =
  (email: string, subject: string): MailPredicate =>
  (mail) =>
    mail.envelopeTo.includes(email.toLowerCase()) && mail.subject.includes(subject);

/**
 * Waits for a matching mail that was not in the mailbox when this was called: call it before the
 * request that sends the mail, await `.next()` after.
 */
export function expectNewMail(mailbox: Mailbox, predicate: MailPredicate) {
  const seen = new Set(mailbox.find(predicate));
  return {
    next: (timeoutMs = 20_000): Promise<ReceivedMail> =>
      mailbox.waitFor((mail) => predicate(mail) && !seen.has(mail), timeoutMs),
    /** Matching mails that arrived since. */
    arrived: (): ReceivedMail[] => mailbox.find(predicate).filter((mail) => !seen.has(mail)),
  };
}

/** The first `${publicUrl}${path}?token=…` link of the text part, and its token. */
export function linkFrom(
  mail: ReceivedMail,
  path: '/verify-email' | '/reset',
  publicUrl: string,
): { url: string; token: string } {
  const base = publicUrl.replace(/\/$/, '');
  const escaped = `${base}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}\\?token=([\\w-]+)`);
  // The text part has a ${base}${path}?token=… link (a failure shows the text).
  expect(mail.text).toMatch(link);
  const match = link.exec(mail.text);
  if (!match?.[1]) throw new Error(`the mail "${mail.subject}" has a ${base}${path}?token=… link`);
  return { url: match[0], token: match[1] };
}

export type Json = Record<string, unknown>;

export function asObject(value: unknown, what: string): Json {
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  // `what` and the value stand beside the check, so that a failure shows them.
  expect({ what, value, isObject }).toStrictEqual({ what, value, isObject: true });
  return value as Json;
}

export function describeResponse(response: HttpResponse): string {
  return `${response.status} ${response.text.slice(0, 800)}`;
}

export function assertStatus(response: HttpResponse, status: number, what = ''): void {
  // What was asked and the start of the answer stand beside the status, so a failure shows them.
  const context = { what, url: response.url, answer: describeResponse(response) };
  expect({ ...context, status: response.status }).toStrictEqual({ ...context, status });
}

/** The standard error body { statusCode, error, message, fields? }. */
export function assertErrorBody(response: HttpResponse, status: number, what = ''): Json {
  assertStatus(response, status, what);
  const body = asObject(response.body, `the ${status} body of ${response.url}`);
  // error and message are non-empty strings.
  expect(body).toMatchObject({
    statusCode: status,
    error: expect.stringMatching(/./s),
    message: expect.stringMatching(/./s),
  });
  return body;
}

export const SESSION_COOKIE = 'sid';

/** A 429 with the throttle's message, whole seconds of Retry-After within the window, and no cookie. */
export function assertThrottled(
  response: HttpResponse,
  windowSeconds: number,
  what: string,
): number {
  assertStatus(response, 429, what);
  const retryAfter = response.headers.get('retry-after');
  expect(retryAfter).not.toBeNull();
  // Retry-After is whole seconds within the window.
  const seconds = Number(retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowSeconds + 1);
  expect(seconds).toBe(Math.trunc(seconds));
  expect(asObject(response.body, 'the 429 body').message).toBe(AUTH_MESSAGES.tooManyAttempts);
  // No cookie.
  expect(response.setCookies).toHaveLength(0);
  return seconds;
}

/** The one answer of every failed login: 401, the same body, no session cookie. */
export async function assertLoginFailed(response: HttpResponse, what: string): Promise<void> {
  assertStatus(response, 401, what);
  expect(response.body).toStrictEqual({
    statusCode: 401,
    error: 'Unauthorized',
    message: AUTH_MESSAGES.loginFailed,
  });
  // No session cookie.
  const sessionCookies = response.setCookies.filter((cookie) =>
    cookie.name.endsWith(SESSION_COOKIE),
  );
  expect(sessionCookies).toHaveLength(0);
}

export function fieldsOf(body: Json): Record<string, string> {
  const fields = asObject(body.fields, `fields of ${JSON.stringify(body)}`);
  for (const [key, value] of Object.entries(fields)) {
    expect({ [key]: typeof value }).toStrictEqual({ [key]: 'string' });
  }
  return fields as Record<string, string>;
}

export interface SessionAccount {
  id: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  /** admin, editor, support or customer. */
  role: string;
  hasPassword: boolean;
  googleLinked: boolean;
  createdAt: string;
}

export interface SessionBody {
  account: SessionAccount | null;
  googleSignIn: boolean;
}

export async function getSession(client: HttpClient): Promise<SessionBody> {
  const response = await client.get('/api/auth/session');
  assertStatus(response, 200, 'GET /api/auth/session');
  const body = asObject(response.body, 'the session') as unknown as SessionBody;
  expect(body).toHaveProperty('account');
  expect(typeof body.googleSignIn).toBe('boolean');
  return body;
}

/** The signed-in account of the client's session; fails when signed out. */
export async function sessionAccount(client: HttpClient): Promise<SessionAccount> {
  const session = await getSession(client);
  if (!session.account) {
    throw new Error(`expected the session to be signed in: ${JSON.stringify(session)}`);
  }
  return session.account;
}

export async function assertSignedOut(client: HttpClient, what: string): Promise<void> {
  const session = await getSession(client);
  // The session is signed out (`what` stands beside the account, so that a failure shows it).
  expect({ what, account: session.account }).toStrictEqual({ what, account: null });
}

export const register = (client: HttpClient, email: string, password: string) =>
  client.post('/api/auth/register', { email, password });

export const login = (
  client: HttpClient,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) => client.post('/api/auth/login', { email, password }, { headers });

/** Logs in and checks the 200 and the session body. */
export async function loginOk(
  client: HttpClient,
  email: string,
  password: string,
): Promise<SessionAccount> {
  const response = await login(client, email, password);
  assertStatus(response, 200, `login as ${email}`);
  const body = asObject(response.body, 'the login body');
  const account = asObject(body.account, 'the login body account') as unknown as SessionAccount;
  // The account's e-mail is the address, lower-case.
  expect(account.email).toBe(email.toLowerCase());
  return account;
}

export interface CreatedAccount {
  email: string;
  password: string;
  /** The verification mail (present when `verify` was true or the mail was awaited). */
  verificationMail?: ReceivedMail;
}

/**
 * Registers an account (202 with the "registered" notice), waits for the verification mail and,
 * unless `verify` is false, opens its link (200 with the "verified" notice).
 */
export async function createAccount(
  client: HttpClient,
  mailbox: Mailbox,
  publicUrl: string,
  options: { email?: string; password?: string; verify?: boolean } = {},
): Promise<CreatedAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? strongPassword();
  const mail = expectNewMail(mailbox, mailTo(email, MAIL_SUBJECTS.verify));
  const response = await register(client, email, password);
  assertStatus(response, 202, `register ${email}`);
  expect(response.body).toStrictEqual({ message: AUTH_MESSAGES.registered });
  if (options.verify === false) return { email, password };
  const verificationMail = await mail.next();
  const { token } = linkFrom(verificationMail, '/verify-email', publicUrl);
  const confirmed = await client.post('/api/auth/email-verification/confirm', { token });
  assertStatus(confirmed, 200, 'confirm the e-mail verification');
  expect(confirmed.body).toStrictEqual({ message: AUTH_MESSAGES.emailVerified });
  return { email, password, verificationMail };
}
