/**
 * Accounts end to end against the built server, real PostgreSQL, Redis and SMTP
 * (test/support/mailbox.ts): registration and its mails without account enumeration, its validation,
 * e-mail verification, password reset links and password change. Sign-in, sessions and the admin
 * users are in identity-sign-in.test.ts.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/identity-accounts.test.ts
 *
 * DEBUG_APP=1 streams the app's output; it is printed anyway when a test of the file failed.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES } from '../../src/contracts/identity.js';
import { type HttpResponse } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertLoginFailed,
  assertSignedOut,
  assertStatus,
  createAccount,
  expectNewMail,
  fieldsOf,
  type Json,
  linkFrom,
  login,
  loginOk,
  MAIL_SUBJECTS,
  mailTo,
  register,
  sessionAccount,
  sha256hex,
  strongPassword,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import {
  accountRows,
  assertNoAccount,
  confirmReset,
  requestResetToken,
} from '../support/accounts.js';

const world = useWorld({
  name: 'identity',
  env: { LOGIN_MAX_FAILURES_ACCOUNT_IP: '3' },
  simulateClientIps: true,
});
const suite = world;

describe('one app (3 failures per account and address)', () => {
  let api: IdentityApp;

  beforeAll(async () => {
    api = world.api;
  });

  const newAccount = (options: { email?: string; password?: string; verify?: boolean } = {}) =>
    createAccount(api.client(), suite.mailbox, api.publicUrl, options);

  describe('no account enumeration', () => {
    test('register: a known e-mail gets the same answer, and its owner a notice', async () => {
      const known = await newAccount();
      const unknown = uniqueEmail('new');
      const noticeMail = expectNewMail(
        suite.mailbox,
        mailTo(known.email, MAIL_SUBJECTS.alreadyRegistered),
      );
      const knownVerification = expectNewMail(
        suite.mailbox,
        mailTo(known.email, MAIL_SUBJECTS.verify),
      );
      const unknownMail = expectNewMail(suite.mailbox, mailTo(unknown, MAIL_SUBJECTS.verify));

      const forKnown = await register(api.client(), known.email, strongPassword());
      const forUnknown = await register(api.client(), unknown, strongPassword());
      assertStatus(forKnown, 202, 'register a known e-mail');
      assertStatus(forUnknown, 202, 'register a new e-mail');
      expect(forKnown.body).toStrictEqual({ message: AUTH_MESSAGES.registered });
      expect(forKnown.body).toStrictEqual(forUnknown.body);

      await noticeMail.next();
      await unknownMail.next();
      await sleep(1000);
      // No verification mail for the known one, no "someone tried" notice for the new one.
      expect(knownVerification.arrived()).toHaveLength(0);
      expect(suite.mailbox.find(mailTo(unknown, MAIL_SUBJECTS.alreadyRegistered))).toHaveLength(0);
      // The existing password is unchanged.
      await loginOk(api.client(), known.email, known.password);
    });

    test('register a known e-mail 8 times from 8 addresses: 8 identical answers, at most 5 notices to its owner', async () => {
      const known = await newAccount();
      const responses: HttpResponse[] = [];
      for (let attempt = 0; attempt < 8; attempt++) {
        // api.client() is a new client address each time: the per-IP limit plays no part.
        responses.push(await register(api.client(), known.email, strongPassword()));
      }
      // Every visitor is answered as for a new e-mail, also past the owner's limit.
      expect(responses.map((response) => [response.status, response.body])).toStrictEqual(
        Array.from({ length: 8 }, () => [202, { message: AUTH_MESSAGES.registered }]),
      );

      // The answers came after the commits: the notices asked for are all in the outbox by now.
      const { rows: asked } = await suite.db.query<{ notices: number }>(
        `SELECT count(*)::int AS notices FROM outbox_event
          WHERE type = 'RegistrationAttemptedForExistingAccount' AND payload->>'email' = $1`,
        [known.email.toLowerCase()],
      );
      expect(asked).toStrictEqual([{ notices: 5 }]);
      // Every e-mail owed to the address is sent (or given up) before the mailbox is counted.
      await pollUntil(
        async () => {
          const { rows } = await suite.db.query<{ owed: number }>(
            `SELECT count(*)::int AS owed FROM outbox_event
              WHERE (payload->>'email' = $1 OR payload->>'to' = $1)
                AND completed_at IS NULL AND failed_at IS NULL`,
            [known.email.toLowerCase()],
          );
          return rows[0]?.owed === 0;
        },
        { timeoutMs: 30_000, what: `the e-mails to ${known.email} to be sent` },
      );
      expect(suite.mailbox.find(mailTo(known.email, MAIL_SUBJECTS.alreadyRegistered))).toHaveLength(
        5,
      );
      // The existing password is unchanged.
      await loginOk(api.client(), known.email, known.password);
    }, 60_000);

    test('login: a wrong password and an unknown e-mail get the same 401', async () => {
      const known = await newAccount();
      const wrongPassword = await login(api.client(), known.email, strongPassword());
      const unknownEmail = await login(api.client(), uniqueEmail('nobody'), strongPassword());
      await assertLoginFailed(wrongPassword, 'a wrong password');
      await assertLoginFailed(unknownEmail, 'an unknown e-mail');
      expect(asObject(wrongPassword.body, 'body').message).toBe(
        'Incorrect email or password. Please try again.',
      );
    });

    test('password reset: the same 202 for known and unknown e-mails; only the known one gets mail', async () => {
      const known = await newAccount();
      const unknown = uniqueEmail('nobody');
      const resetMail = expectNewMail(suite.mailbox, mailTo(known.email, MAIL_SUBJECTS.reset));
      const forKnown = await api.client().post('/api/auth/password-reset', { email: known.email });
      const forUnknown = await api.client().post('/api/auth/password-reset', { email: unknown });
      assertStatus(forKnown, 202, 'reset for a known e-mail');
      assertStatus(forUnknown, 202, 'reset for an unknown e-mail');
      expect(forKnown.body).toStrictEqual({ message: AUTH_MESSAGES.resetRequested });
      expect(forUnknown.body).toStrictEqual(forKnown.body);
      await resetMail.next();
      await sleep(1000);
      // Nothing is mailed to an unknown address.
      expect(suite.mailbox.find((mail) => mail.envelopeTo.includes(unknown))).toStrictEqual([]);
    });
  });

  describe('register validation (400 with the field messages)', () => {
    const cases: { name: string; body: Json; fields: Record<string, string | true> }[] = [
      {
        name: 'an empty body',
        body: {},
        fields: { email: 'Email is Required', password: 'Password is Required' },
      },
      {
        name: 'empty strings',
        body: { email: '', password: '' },
        fields: { email: 'Email is Required', password: 'Password is Required' },
      },
      {
        name: 'not an e-mail and a short password',
        body: { email: 'not-an-email', password: '12345' },
        fields: { email: 'Provide a Valid Email', password: 'Minimum 6 Characters' },
      },
      {
        name: 'an address without three letters in a row',
        body: { email: 'a1@b2.co', password: strongPassword() },
        fields: { email: 'Provide a Valid Email' },
      },
      {
        name: 'a common password (password123)',
        body: { email: uniqueEmail('common'), password: 'password123' },
        fields: { password: AUTH_MESSAGES.commonPassword },
      },
      {
        name: 'a common password (qwerty123)',
        body: { email: uniqueEmail('common'), password: 'qwerty123' },
        fields: { password: AUTH_MESSAGES.commonPassword },
      },
      {
        name: 'an unknown field',
        body: { email: uniqueEmail('extra'), password: strongPassword(), isAdmin: true },
        fields: { isAdmin: true },
      },
      ...[
        '//evil.example/x',
        '/\\evil.example',
        'https://evil.example/',
        'order-now/1',
        '/a b',
      ].map((next) => ({
        name: `a next that is not a path of this site (${next})`,
        body: { email: uniqueEmail('next'), password: strongPassword(), next },
        fields: { next: 'Next must be a path of this site' },
      })),
    ];
    for (const { name, body, fields } of cases) {
      test(name, async () => {
        const response = await api.client().post('/api/auth/register', body);
        const error = assertErrorBody(response, 400, name);
        const got = fieldsOf(error);
        for (const [field, message] of Object.entries(fields)) {
          // The field's message (any message for `true`); a failure shows the fields.
          expect(got).toMatchObject({
            [field]: message === true ? expect.stringMatching(/./s) : message,
          });
        }
        if (typeof body.email === 'string' && body.email.includes('@')) {
          await assertNoAccount(suite.db, body.email, name);
        }
      });
    }

    test('login validates its body too', async () => {
      const error = assertErrorBody(
        await api.client().post('/api/auth/login', {}),
        400,
        'login {}',
      );
      expect(fieldsOf(error).email).toBe('Email is Required');
      expect(fieldsOf(error).password).toBe('Password is Required');
    });
  });

  test('the verification link carries the page the visitor was going to (next), and so does the notice to an existing account', async () => {
    const email = uniqueEmail('next');
    const next = '/order-now/3b241101-e2bb-4255-8caf-4136c566a962';
    const verification = expectNewMail(suite.mailbox, mailTo(email, MAIL_SUBJECTS.verify));
    const response = await api.client().post('/api/auth/register', {
      email,
      password: strongPassword(),
      next,
    });
    assertStatus(response, 202, 'register with next');
    const mail = await verification.next();
    const { url, token } = linkFrom(mail, '/verify-email', api.publicUrl);
    // The token first, then next, in the text and in the HTML.
    const withNext = `${url}&next=${encodeURIComponent(next)}`;
    expect(mail.text).toContain(withNext);
    expect(mail.html).toContain(withNext.replaceAll('&', '&amp;'));
    assertStatus(
      await api.client().post('/api/auth/email-verification/confirm', { token }),
      200,
      'the token of a link with next',
    );

    const notice = expectNewMail(suite.mailbox, mailTo(email, MAIL_SUBJECTS.alreadyRegistered));
    await api.client().post('/api/auth/register', { email, password: strongPassword(), next });
    const login = `${api.publicUrl.replace(/\/$/, '')}/login?next=${encodeURIComponent(next)}`;
    expect((await notice.next()).text).toContain(login);
  });

  test('e-mail addresses are case-insensitive and stored lower-case', async () => {
    const id = uid();
    const mixed = `Foo-${id}@Example.TEST`;
    const lower = mixed.toLowerCase();
    const account = await newAccount({ email: mixed });
    const rows = await accountRows(suite.db, lower);
    expect(rows).toHaveLength(1);
    // Stored lower-case.
    expect(rows[0]?.email).toBe(lower);

    await loginOk(api.client(), lower, account.password);
    const upper = await login(api.client(), mixed.toUpperCase(), account.password);
    assertStatus(upper, 200, 'login with the upper-case address');

    const notice = expectNewMail(suite.mailbox, mailTo(lower, MAIL_SUBJECTS.alreadyRegistered));
    const again = await register(api.client(), `FOO-${id}@example.test`, strongPassword());
    assertStatus(again, 202, 'registering the other case again');
    expect(again.body).toStrictEqual({ message: AUTH_MESSAGES.registered });
    await notice.next();
    // Still one account.
    expect(await accountRows(suite.db, lower)).toHaveLength(1);
  });

  describe('password reset links', () => {
    test('a link is valid for one hour, once, and mails a "password changed" notice', async () => {
      const account = await newAccount();
      const token = await requestResetToken(suite.mailbox, api, account.email);

      const { rows } = await suite.db.query<{
        purpose: string;
        minutes: number;
        used_at: Date | null;
      }>(
        `SELECT purpose, extract(epoch FROM expires_at - created_at) / 60 AS minutes, used_at
           FROM account_token WHERE id = $1`,
        [sha256hex(token)],
      );
      // The token is stored as its sha256, not in clear.
      expect(rows).toHaveLength(1);
      expect(rows[0]?.purpose).toBe('password-reset');
      // Valid 60 min (within a minute).
      expect(Number(rows[0]?.minutes)).toBeGreaterThan(59);
      expect(Number(rows[0]?.minutes)).toBeLessThan(61);

      const changed = expectNewMail(suite.mailbox, mailTo(account.email, MAIL_SUBJECTS.changed));
      const firstPassword = strongPassword();
      const first = await confirmReset(api, token, firstPassword);
      assertStatus(first, 200, 'first use');
      expect(first.body).toStrictEqual({ message: AUTH_MESSAGES.passwordReset });
      await changed.next();

      const second = await confirmReset(api, token, strongPassword());
      assertErrorBody(second, 400, 'second use');
      expect(asObject(second.body, 'body').message).toBe(AUTH_MESSAGES.invalidLink);
      await loginOk(api.client(), account.email, firstPassword);
    });

    test('an expired link is refused and changes nothing', async () => {
      const account = await newAccount();
      const token = await requestResetToken(suite.mailbox, api, account.email);
      const updated = await suite.db.query(
        "UPDATE account_token SET expires_at = now() - interval '1 minute' WHERE id = $1",
        [sha256hex(token)],
      );
      // The token row was found.
      expect(updated.rowCount).toBe(1);
      const response = await confirmReset(api, token, strongPassword());
      assertErrorBody(response, 400, 'an expired link');
      expect(asObject(response.body, 'body').message).toBe(AUTH_MESSAGES.invalidLink);
      await loginOk(api.client(), account.email, account.password);
    });

    test('an unknown or malformed token is refused', async () => {
      const unknown = await confirmReset(
        api,
        randomBytes(32).toString('base64url'),
        strongPassword(),
      );
      assertErrorBody(unknown, 400, 'an unknown token');
      expect(asObject(unknown.body, 'body').message).toBe(AUTH_MESSAGES.invalidLink);
      const malformed = await confirmReset(api, 'x', strongPassword());
      const body = assertErrorBody(malformed, 400, 'a malformed token');
      // The invalid-link message, as the message or as the token field's.
      expect([body.message, (body.fields as Record<string, string> | undefined)?.token]).toContain(
        AUTH_MESSAGES.invalidLink,
      );
    });
  });

  test('e-mail verification: resend, confirm once, then the link is spent', async () => {
    const account = await newAccount({ verify: false });
    const client = api.client();
    const signedIn = await loginOk(client, account.email, account.password);
    expect(signedIn.emailVerified).toBe(false);
    await suite.mailbox.waitFor(mailTo(account.email, MAIL_SUBJECTS.verify), 20_000);

    const resent = expectNewMail(suite.mailbox, mailTo(account.email, MAIL_SUBJECTS.verify));
    const resend = await client.post('/api/account/email-verification');
    assertStatus(resend, 202, 'resend');
    expect(resend.body).toStrictEqual({ message: AUTH_MESSAGES.verificationSent });
    const { token } = linkFrom(await resent.next(), '/verify-email', api.publicUrl);

    // A GET (a mail scanner following the link) changes nothing.
    const viaGet = await client.get(
      `/api/auth/email-verification/confirm?token=${encodeURIComponent(token)}`,
    );
    // GET is not a confirmation.
    expect([404, 405]).toContain(viaGet.status);
    expect((await sessionAccount(client)).emailVerified).toBe(false);

    const confirmed = await api.client().post('/api/auth/email-verification/confirm', { token });
    assertStatus(confirmed, 200, 'confirm');
    expect(confirmed.body).toStrictEqual({ message: AUTH_MESSAGES.emailVerified });
    // The session sees it.
    expect((await sessionAccount(client)).emailVerified).toBe(true);
    const [row] = await accountRows(suite.db, account.email);
    // email_verified_at is set.
    expect(row?.email_verified_at).toBeInstanceOf(Date);

    const reused = await api.client().post('/api/auth/email-verification/confirm', { token });
    assertErrorBody(reused, 400, 'reusing the link');
    expect(asObject(reused.body, 'body').message).toBe(AUTH_MESSAGES.invalidLink);
  });

  test('change password: the current one is checked, other sessions end, a notice is mailed', async () => {
    const account = await newAccount();
    const current = api.client();
    const other = api.client();
    await loginOk(current, account.email, account.password);
    await loginOk(other, account.email, account.password);

    const wrong = await current.put('/api/account/password', {
      currentPassword: strongPassword(),
      newPassword: strongPassword(),
    });
    const wrongBody = assertErrorBody(wrong, 400, 'a wrong current password');
    expect(fieldsOf(wrongBody).currentPassword).toBe(AUTH_MESSAGES.wrongCurrentPassword);

    const common = await current.put('/api/account/password', {
      currentPassword: account.password,
      newPassword: 'password123',
    });
    expect(fieldsOf(assertErrorBody(common, 400, 'a common new password')).newPassword).toBe(
      AUTH_MESSAGES.commonPassword,
    );
    await sessionAccount(other); // failed attempts end nothing

    const notice = expectNewMail(suite.mailbox, mailTo(account.email, MAIL_SUBJECTS.changed));
    const newPassword = strongPassword();
    const changed = await current.put('/api/account/password', {
      currentPassword: account.password,
      newPassword,
    });
    assertStatus(changed, 200, 'change the password');
    expect(changed.body).toStrictEqual({ message: AUTH_MESSAGES.passwordChanged });

    // This session goes on.
    expect((await sessionAccount(current)).email).toBe(account.email);
    await assertSignedOut(other, 'the other session');
    await notice.next();
    await assertLoginFailed(
      await login(api.client(), account.email, account.password),
      'the old password',
    );
    await loginOk(api.client(), account.email, newPassword);
  });
});
