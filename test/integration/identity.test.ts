/**
 * Accounts, sessions and admin users end to end against the built server, real PostgreSQL, Redis
 * and SMTP (test/support/mailbox.ts): registration and its mails, login and its throttling, e-mail
 * verification, password reset and change, sessions, cross-origin refusal and the admin users.
 *
 *   npm run build && node --import tsx --test test/integration/identity.test.ts
 *
 * DEBUG_APP=1 streams the app's output; it is printed anyway when a test of the file failed.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_USER_MESSAGES, AUTH_MESSAGES } from '../../src/contracts/identity.js';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertLoginFailed,
  assertSignedOut,
  assertStatus,
  assertThrottled,
  createAccount,
  expectNewMail,
  fieldsOf,
  getSession,
  type Json,
  linkFrom,
  login,
  loginOk,
  MAIL_SUBJECTS,
  mailTo,
  register,
  SESSION_COOKIE,
  sessionAccount,
  sha256hex,
  strongPassword,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import {
  type IdentityApp,
  newClientIp,
  startIdentityApp,
  useIdentitySuite,
} from '../support/identity-suite.js';

const suite = useIdentitySuite();

// The first app started on the file's database creates the first admin: every app here gets these.
const adminEmail = `admin-${uid()}@seo-agency.test`;
const adminPassword = strongPassword();

// ---------------------------------------------------------------------------------------------
// helpers

async function accountRows(email: string) {
  const { rows } = await suite.db.query<{
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

async function assertNoAccount(email: string, what: string): Promise<void> {
  assert.deepEqual(await accountRows(email), [], `${what}: no account for ${email}`);
}

/** Asks for a reset link and returns its token (from the newest reset mail). */
async function requestResetToken(api: IdentityApp, email: string): Promise<string> {
  const mail = expectNewMail(suite.mailbox, mailTo(email, MAIL_SUBJECTS.reset));
  const response = await api.client().post('/api/auth/password-reset', { email });
  assertStatus(response, 202, `password reset for ${email}`);
  assert.deepEqual(response.body, { message: AUTH_MESSAGES.resetRequested });
  return linkFrom(await mail.next(), '/reset', api.publicUrl).token;
}

const confirmReset = (api: IdentityApp, token: string, password: string) =>
  api.client().post('/api/auth/password-reset/confirm', { token, password });

function sessionToken(client: HttpClient): string {
  const token = client.cookie(SESSION_COOKIE);
  assert.ok(token, `the client has a ${SESSION_COOKIE} cookie`);
  return token;
}

// ---------------------------------------------------------------------------------------------

// Every request of this app comes from 127.0.0.1 (no TRUST_PROXY). The other app of the file runs as
// behind a proxy on 127.0.0.1 and gives each client an address of its own (X-Forwarded-For).
describe('login throttling per IP address', () => {
  const windowSeconds = 3;
  let api: IdentityApp;

  before(
    async () => {
      api = await startIdentityApp(suite, {
        name: 'ip-throttle',
        adminEmail,
        adminPassword,
        env: {
          LOGIN_MAX_FAILURES_PER_IP: '4',
          LOGIN_MAX_FAILURES_ACCOUNT_IP: '100',
          LOGIN_THROTTLE_WINDOW_SECONDS: String(windowSeconds),
        },
      });
    },
    { timeout: 90_000 },
  );

  after(() => api?.stop(), { timeout: 30_000 });

  test(
    'failures across different e-mails block the address, also for a right password, until the window passes; e-mails that logged in from it before are let through',
    { timeout: 60_000 },
    async () => {
      const client = api.client();
      const account = await createAccount(client, suite.mailbox, api.publicUrl);
      // Someone behind the same proxy who has logged in from it before.
      const regular = await createAccount(api.client(), suite.mailbox, api.publicUrl);
      await loginOk(api.client(), regular.email, regular.password);
      for (let attempt = 1; attempt <= 4; attempt++) {
        await assertLoginFailed(
          await login(client, uniqueEmail('ip'), strongPassword()),
          `failure ${attempt} of 4`,
        );
      }
      assertThrottled(
        await login(client, uniqueEmail('ip'), strongPassword()),
        windowSeconds,
        'a fifth e-mail from the same address',
      );
      await loginOk(api.client(), regular.email, regular.password);
      const retryAfter = assertThrottled(
        await login(client, account.email, account.password),
        windowSeconds,
        'the right password from the blocked address',
      );
      await assertSignedOut(client, 'while blocked');
      // Without TRUST_PROXY, a forged X-Forwarded-For does not make another address.
      assertThrottled(
        await login(client, account.email, account.password, { 'x-forwarded-for': '10.66.0.1' }),
        windowSeconds,
        'a forged X-Forwarded-For',
      );

      await sleep(retryAfter * 1000 + 500);
      await loginOk(client, account.email, account.password);
    },
  );
});

describe('one app (3 failures per account and address)', () => {
  let api: IdentityApp;
  /** Signed in as the env admin. */
  let admin: HttpClient;

  before(
    async () => {
      api = await startIdentityApp(suite, {
        name: 'identity',
        adminEmail,
        adminPassword,
        env: { LOGIN_MAX_FAILURES_ACCOUNT_IP: '3' },
        simulateClientIps: true,
      });
      admin = api.client();
      await loginOk(admin, adminEmail, adminPassword);
    },
    { timeout: 90_000 },
  );

  after(() => api?.stop(), { timeout: 30_000 });

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
      assert.deepEqual(forKnown.body, { message: AUTH_MESSAGES.registered });
      assert.deepEqual(forKnown.body, forUnknown.body);

      await noticeMail.next();
      await unknownMail.next();
      await sleep(1000);
      assert.equal(knownVerification.arrived().length, 0, 'no verification mail for the known one');
      assert.equal(
        suite.mailbox.find(mailTo(unknown, MAIL_SUBJECTS.alreadyRegistered)).length,
        0,
        'no "someone tried" notice for the new one',
      );
      // The existing password is unchanged.
      await loginOk(api.client(), known.email, known.password);
    });

    test('login: a wrong password and an unknown e-mail get the same 401', async () => {
      const known = await newAccount();
      const wrongPassword = await login(api.client(), known.email, strongPassword());
      const unknownEmail = await login(api.client(), uniqueEmail('nobody'), strongPassword());
      await assertLoginFailed(wrongPassword, 'a wrong password');
      await assertLoginFailed(unknownEmail, 'an unknown e-mail');
      assert.equal(
        asObject(wrongPassword.body, 'body').message,
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
      assert.deepEqual(forKnown.body, { message: AUTH_MESSAGES.resetRequested });
      assert.deepEqual(forUnknown.body, forKnown.body);
      await resetMail.next();
      await sleep(1000);
      assert.deepEqual(
        suite.mailbox.find((mail) => mail.envelopeTo.includes(unknown)),
        [],
        'nothing is mailed to an unknown address',
      );
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
    ];
    for (const { name, body, fields } of cases) {
      test(name, async () => {
        const response = await api.client().post('/api/auth/register', body);
        const error = assertErrorBody(response, 400, name);
        const got = fieldsOf(error);
        for (const [field, message] of Object.entries(fields)) {
          if (message === true) assert.ok(got[field], `fields.${field} in ${response.text}`);
          else assert.equal(got[field], message, `fields.${field} in ${response.text}`);
        }
        if (typeof body.email === 'string' && body.email.includes('@')) {
          await assertNoAccount(body.email, name);
        }
      });
    }

    test('login validates its body too', async () => {
      const error = assertErrorBody(
        await api.client().post('/api/auth/login', {}),
        400,
        'login {}',
      );
      assert.equal(fieldsOf(error).email, 'Email is Required');
      assert.equal(fieldsOf(error).password, 'Password is Required');
    });
  });

  test('e-mail addresses are case-insensitive and stored lower-case', async () => {
    const id = uid();
    const mixed = `Foo-${id}@Example.TEST`;
    const lower = mixed.toLowerCase();
    const account = await newAccount({ email: mixed });
    const rows = await accountRows(lower);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.email, lower, 'stored lower-case');

    await loginOk(api.client(), lower, account.password);
    const upper = await login(api.client(), mixed.toUpperCase(), account.password);
    assertStatus(upper, 200, 'login with the upper-case address');

    const notice = expectNewMail(suite.mailbox, mailTo(lower, MAIL_SUBJECTS.alreadyRegistered));
    const again = await register(api.client(), `FOO-${id}@example.test`, strongPassword());
    assertStatus(again, 202, 'registering the other case again');
    assert.deepEqual(again.body, { message: AUTH_MESSAGES.registered });
    await notice.next();
    assert.equal((await accountRows(lower)).length, 1, 'still one account');
  });

  describe('login throttling per account and address (limit 3)', () => {
    const windowSeconds = 900;

    test(
      'the 4th attempt from one address is refused with 429, even with the right password; other addresses are not, and a password reset unblocks',
      { timeout: 60_000 },
      async () => {
        const account = await newAccount();
        const other = await newAccount();
        const ip = newClientIp();
        for (let attempt = 1; attempt <= 3; attempt++) {
          await assertLoginFailed(
            await login(api.client(ip), account.email, strongPassword()),
            `failure ${attempt} of 3`,
          );
        }
        assertThrottled(
          await login(api.client(ip), account.email, strongPassword()),
          windowSeconds,
          'the 4th attempt',
        );
        assertThrottled(
          await login(api.client(ip), account.email, account.password),
          windowSeconds,
          'the right password while blocked',
        );
        // Not a lock-out: the owner elsewhere, and other accounts from this address, go on.
        await loginOk(api.client(newClientIp()), account.email, account.password);
        await loginOk(api.client(ip), other.email, other.password);
        assertThrottled(
          await login(api.client(ip), account.email, account.password),
          windowSeconds,
          'the blocked address after the owner logged in elsewhere',
        );

        // The reset is not blocked by login throttling, and voids the old password's counts.
        const token = await requestResetToken(api, account.email);
        const newPassword = strongPassword();
        const reset = await confirmReset(api, token, newPassword);
        assertStatus(reset, 200, 'confirm the reset');
        assert.deepEqual(reset.body, { message: AUTH_MESSAGES.passwordReset });
        await loginOk(api.client(ip), account.email, newPassword);
        await assertLoginFailed(
          await login(api.client(), account.email, account.password),
          'the old password after the reset',
        );
      },
    );

    test('an unknown e-mail gets the same answers as a known one', async () => {
      const known = await newAccount();
      const answers = async (email: string) => {
        const ip = newClientIp();
        const responses = [];
        for (let attempt = 1; attempt <= 4; attempt++) {
          responses.push(await login(api.client(ip), email, strongPassword()));
        }
        return responses;
      };
      const forKnown = await answers(known.email);
      const forUnknown = await answers(uniqueEmail('ghost'));
      for (const [index, response] of forUnknown.entries()) {
        const what = `unknown e-mail, attempt ${index + 1}`;
        if (index < 3) await assertLoginFailed(response, what);
        else assertThrottled(response, windowSeconds, what);
        assert.equal(response.status, forKnown[index]?.status, `${what}: as for a known e-mail`);
        assert.deepEqual(response.body, forKnown[index]?.body, `${what}: the same body`);
      }
    });
  });

  describe('password reset links', () => {
    test('a link is valid for one hour, once, and mails a "password changed" notice', async () => {
      const account = await newAccount();
      const token = await requestResetToken(api, account.email);

      const { rows } = await suite.db.query<{
        purpose: string;
        minutes: number;
        used_at: Date | null;
      }>(
        `SELECT purpose, extract(epoch FROM expires_at - created_at) / 60 AS minutes, used_at
           FROM account_token WHERE id = $1`,
        [sha256hex(token)],
      );
      assert.equal(rows.length, 1, 'the token is stored as its sha256, not in clear');
      assert.equal(rows[0]?.purpose, 'password-reset');
      assert.ok(Math.abs(Number(rows[0]?.minutes) - 60) < 1, `valid 60 min: ${rows[0]?.minutes}`);

      const changed = expectNewMail(suite.mailbox, mailTo(account.email, MAIL_SUBJECTS.changed));
      const firstPassword = strongPassword();
      const first = await confirmReset(api, token, firstPassword);
      assertStatus(first, 200, 'first use');
      assert.deepEqual(first.body, { message: AUTH_MESSAGES.passwordReset });
      await changed.next();

      const second = await confirmReset(api, token, strongPassword());
      assertErrorBody(second, 400, 'second use');
      assert.equal(asObject(second.body, 'body').message, AUTH_MESSAGES.invalidLink);
      await loginOk(api.client(), account.email, firstPassword);
    });

    test('an expired link is refused and changes nothing', async () => {
      const account = await newAccount();
      const token = await requestResetToken(api, account.email);
      const updated = await suite.db.query(
        "UPDATE account_token SET expires_at = now() - interval '1 minute' WHERE id = $1",
        [sha256hex(token)],
      );
      assert.equal(updated.rowCount, 1, 'the token row was found');
      const response = await confirmReset(api, token, strongPassword());
      assertErrorBody(response, 400, 'an expired link');
      assert.equal(asObject(response.body, 'body').message, AUTH_MESSAGES.invalidLink);
      await loginOk(api.client(), account.email, account.password);
    });

    test('an unknown or malformed token is refused', async () => {
      const unknown = await confirmReset(
        api,
        randomBytes(32).toString('base64url'),
        strongPassword(),
      );
      assertErrorBody(unknown, 400, 'an unknown token');
      assert.equal(asObject(unknown.body, 'body').message, AUTH_MESSAGES.invalidLink);
      const malformed = await confirmReset(api, 'x', strongPassword());
      const body = assertErrorBody(malformed, 400, 'a malformed token');
      assert.ok(
        body.message === AUTH_MESSAGES.invalidLink ||
          (body.fields as Record<string, string> | undefined)?.token === AUTH_MESSAGES.invalidLink,
        `the invalid-link message: ${malformed.text}`,
      );
    });
  });

  describe('sessions', () => {
    test('login sets an HttpOnly, SameSite=Lax, Path=/ cookie, and a new token each time', async () => {
      const account = await newAccount();
      const client = api.client();
      const response = await login(client, account.email, account.password);
      assertStatus(response, 200, 'login');
      const body = asObject(response.body, 'the login body');
      assert.equal(asObject(body.account, 'account').email, account.email);
      assert.equal(typeof body.googleSignIn, 'boolean');

      const cookies = response.setCookies.filter((cookie) => cookie.name === SESSION_COOKIE);
      assert.equal(
        cookies.length,
        1,
        `one ${SESSION_COOKIE} cookie: ${response.headers.get('set-cookie')}`,
      );
      const [cookie] = cookies;
      assert.ok(cookie);
      assert.equal(cookie.attributes.httponly, true, `HttpOnly: ${cookie.raw}`);
      assert.equal(
        String(cookie.attributes.samesite).toLowerCase(),
        'lax',
        `SameSite: ${cookie.raw}`,
      );
      assert.equal(cookie.attributes.path, '/', `Path: ${cookie.raw}`);
      assert.equal(cookie.attributes.secure, undefined, `no Secure over http: ${cookie.raw}`);
      assert.equal(cookie.attributes.domain, undefined, `host-only: ${cookie.raw}`);
      assert.ok(cookie.value.length >= 20, 'an opaque token');

      const stored = await suite.db.query('SELECT id FROM session WHERE id = $1', [
        sha256hex(cookie.value),
      ]);
      assert.equal(stored.rowCount, 1, 'the session is stored under the sha256 of its token');
      const clear = await suite.db.query('SELECT id FROM session WHERE id = $1', [cookie.value]);
      assert.equal(clear.rowCount, 0, 'the token itself is not stored');

      // Logging in again with the old cookie still sent gets a new token (no session fixation).
      const again = await login(client, account.email, account.password);
      assertStatus(again, 200, 'second login');
      const second = sessionToken(client);
      assert.notEqual(second, cookie.value, 'a new token');
      assert.equal((await sessionAccount(client)).email, account.email);
    });

    test('logout ends the session on the server', async () => {
      const account = await newAccount();
      const client = api.client();
      await loginOk(client, account.email, account.password);
      const token = sessionToken(client);
      assert.equal((await sessionAccount(client)).email, account.email);

      const response = await client.post('/api/auth/logout');
      assertStatus(response, 204, 'logout');

      const replay = api.client();
      replay.setCookie(SESSION_COOKIE, token);
      await assertSignedOut(replay, 'the old cookie after logout');
      assertErrorBody(
        await replay.put('/api/account/password', {
          currentPassword: account.password,
          newPassword: strongPassword(),
        }),
        401,
        'a customer route with the old cookie',
      );
      await loginOk(api.client(), account.email, account.password);
    });

    test("a password reset ends all of the account's sessions", async () => {
      const account = await newAccount();
      const first = api.client();
      const second = api.client();
      await loginOk(first, account.email, account.password);
      await loginOk(second, account.email, account.password);

      const token = await requestResetToken(api, account.email);
      const newPassword = strongPassword();
      assertStatus(await confirmReset(api, token, newPassword), 200, 'confirm the reset');

      await assertSignedOut(first, 'the first session after the reset');
      await assertSignedOut(second, 'the second session after the reset');
      await loginOk(api.client(), account.email, newPassword);
    });
  });

  test('e-mail verification: resend, confirm once, then the link is spent', async () => {
    const account = await newAccount({ verify: false });
    const client = api.client();
    const signedIn = await loginOk(client, account.email, account.password);
    assert.equal(signedIn.emailVerified, false);
    await suite.mailbox.waitFor(mailTo(account.email, MAIL_SUBJECTS.verify), 20_000);

    const resent = expectNewMail(suite.mailbox, mailTo(account.email, MAIL_SUBJECTS.verify));
    const resend = await client.post('/api/account/email-verification');
    assertStatus(resend, 202, 'resend');
    assert.deepEqual(resend.body, { message: AUTH_MESSAGES.verificationSent });
    const { token } = linkFrom(await resent.next(), '/verify-email', api.publicUrl);

    // A GET (a mail scanner following the link) changes nothing.
    const viaGet = await client.get(
      `/api/auth/email-verification/confirm?token=${encodeURIComponent(token)}`,
    );
    assert.ok([404, 405].includes(viaGet.status), `GET is not a confirmation: ${viaGet.status}`);
    assert.equal((await sessionAccount(client)).emailVerified, false);

    const confirmed = await api.client().post('/api/auth/email-verification/confirm', { token });
    assertStatus(confirmed, 200, 'confirm');
    assert.deepEqual(confirmed.body, { message: AUTH_MESSAGES.emailVerified });
    assert.equal((await sessionAccount(client)).emailVerified, true, 'the session sees it');
    const [row] = await accountRows(account.email);
    assert.ok(row?.email_verified_at instanceof Date, 'email_verified_at is set');

    const reused = await api.client().post('/api/auth/email-verification/confirm', { token });
    assertErrorBody(reused, 400, 'reusing the link');
    assert.equal(asObject(reused.body, 'body').message, AUTH_MESSAGES.invalidLink);
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
    assert.equal(fieldsOf(wrongBody).currentPassword, AUTH_MESSAGES.wrongCurrentPassword);

    const common = await current.put('/api/account/password', {
      currentPassword: account.password,
      newPassword: 'password123',
    });
    assert.equal(
      fieldsOf(assertErrorBody(common, 400, 'a common new password')).newPassword,
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
    assert.deepEqual(changed.body, { message: AUTH_MESSAGES.passwordChanged });

    assert.equal((await sessionAccount(current)).email, account.email, 'this session goes on');
    await assertSignedOut(other, 'the other session');
    await notice.next();
    await assertLoginFailed(
      await login(api.client(), account.email, account.password),
      'the old password',
    );
    await loginOk(api.client(), account.email, newPassword);
  });

  describe('cross-origin writes are refused', () => {
    const evil = 'http://evil.example';

    test('register from another origin: 403 and no account', async () => {
      const email = uniqueEmail('csrf');
      const response = await api
        .client()
        .post(
          '/api/auth/register',
          { email, password: strongPassword() },
          { headers: { origin: evil } },
        );
      assertErrorBody(response, 403, 'Origin http://evil.example');
      await assertNoAccount(email, 'after the cross-origin register');

      // Same host, another port, is another origin too.
      const otherPort = await api
        .client()
        .post(
          '/api/auth/register',
          { email, password: strongPassword() },
          { headers: { origin: 'http://127.0.0.1:1' } },
        );
      assertErrorBody(otherPort, 403, 'Origin on another port');

      const noOrigin = await api
        .client()
        .post(
          '/api/auth/register',
          { email, password: strongPassword() },
          { headers: { 'sec-fetch-site': 'cross-site' } },
        );
      assertErrorBody(noOrigin, 403, 'Sec-Fetch-Site: cross-site without Origin');
      await assertNoAccount(email, 'after the cross-site register');

      // The site's own origin is fine (as is no Origin at all, like every other test here).
      const sameOrigin = await api
        .client()
        .post(
          '/api/auth/register',
          { email, password: strongPassword() },
          { headers: { origin: api.baseUrl, 'sec-fetch-site': 'same-origin' } },
        );
      assertStatus(sameOrigin, 202, 'same-origin register');
      assert.equal((await accountRows(email)).length, 1);
    });

    test('login, logout and password change from another origin change nothing', async () => {
      const account = await newAccount();
      const refusedLogin = await api
        .client()
        .post(
          '/api/auth/login',
          { email: account.email, password: account.password },
          { headers: { origin: evil } },
        );
      assertErrorBody(refusedLogin, 403, 'cross-origin login');
      assert.equal(refusedLogin.setCookies.length, 0, 'no cookie from a refused login');

      const victim = api.client();
      await loginOk(victim, account.email, account.password);
      assertErrorBody(
        await victim.post('/api/auth/logout', undefined, { headers: { origin: evil } }),
        403,
        'cross-origin logout',
      );
      await sessionAccount(victim);
      assertErrorBody(
        await victim.put(
          '/api/account/password',
          { currentPassword: account.password, newPassword: strongPassword() },
          { headers: { origin: evil } },
        ),
        403,
        'cross-origin password change',
      );
      await loginOk(api.client(), account.email, account.password);
    });
  });

  test('GET /api/auth/logout is not a logout', async () => {
    const account = await newAccount();
    const client = api.client();
    await loginOk(client, account.email, account.password);
    const response = await client.get('/api/auth/logout');
    assertStatus(response, 404, 'GET /api/auth/logout');
    assert.equal((await sessionAccount(client)).email, account.email, 'still signed in');
  });

  describe('admin users', () => {
    interface AdminUser {
      id: string;
      userEmail: string;
      userRole: string;
      accountStatus: string;
      createdAt: string;
    }

    const asAdminUser = (response: HttpResponse): AdminUser => {
      const body = asObject(response.body, 'the admin user') as unknown as AdminUser;
      assert.match(body.id, /^[0-9a-f-]{36}$/, `id in ${response.text}`);
      assert.equal(body.userRole, 'Admin');
      assert.ok(!Number.isNaN(Date.parse(body.createdAt)), `createdAt in ${response.text}`);
      return body;
    };

    async function list(client: HttpClient): Promise<AdminUser[]> {
      const response = await client.get('/api/admin/users');
      assertStatus(response, 200, 'GET /api/admin/users');
      assert.ok(Array.isArray(response.body), `an array: ${response.text}`);
      return response.body as AdminUser[];
    }

    test('the first admin comes from ADMIN_EMAIL and ADMIN_PASSWORD, verified', async () => {
      const account = await sessionAccount(admin);
      assert.equal(account.email, adminEmail);
      assert.equal(account.isAdmin, true);
      assert.equal(account.emailVerified, true);
      assert.equal(account.hasPassword, true);
      const entry = (await list(admin)).find((user) => user.userEmail === adminEmail);
      assert.ok(entry, 'the env admin is on the list');
      assert.equal(entry.accountStatus, 'verified');
      const { rows } = await suite.db.query<{ email: string }>(
        'SELECT email FROM admin_user WHERE lower(email) = lower($1)',
        [adminEmail],
      );
      assert.equal(rows.length, 1);
    });

    test(
      'add, find, edit and remove; duplicates, yourself and the last admin are refused',
      { timeout: 60_000 },
      async () => {
        const id = uid();
        // Add (the role defaults to Admin), with a mixed-case address.
        const added = await admin.post('/api/admin/users', { userEmail: `New-${id}@Example.test` });
        assertStatus(added, 201, 'add');
        const user = asAdminUser(added);
        assert.equal(user.userEmail.toLowerCase(), `new-${id}@example.test`);
        assert.equal(user.accountStatus, 'no-account');

        const duplicate = await admin.post('/api/admin/users', {
          userEmail: `new-${id}@EXAMPLE.TEST`,
          userRole: 'Admin',
        });
        assert.equal(
          assertErrorBody(duplicate, 409, 'duplicate').message,
          ADMIN_USER_MESSAGES.duplicate,
        );

        const invalid = await admin.post('/api/admin/users', {
          userEmail: 'nope',
          userRole: 'Admin',
        });
        assert.equal(
          fieldsOf(assertErrorBody(invalid, 400, 'invalid')).userEmail,
          'Provide a Valid Email',
        );
        const badRole = await admin.post('/api/admin/users', {
          userEmail: uniqueEmail('role'),
          userRole: 'Owner',
        });
        assert.ok(fieldsOf(assertErrorBody(badRole, 400, 'bad role')).userRole);

        // Find and edit.
        const found = await admin.get(`/api/admin/users/${user.id}`);
        assertStatus(found, 200, 'GET by id');
        assert.equal(asAdminUser(found).id, user.id);
        const renamed = `renamed-${id}@example.test`;
        const edited = await admin.put(`/api/admin/users/${user.id}`, {
          userEmail: renamed,
          userRole: 'Admin',
        });
        assertStatus(edited, 200, 'edit');
        assert.equal(asAdminUser(edited).userEmail, renamed);
        assert.ok((await list(admin)).some((entry) => entry.userEmail === renamed));
        const editToDuplicate = await admin.put(`/api/admin/users/${user.id}`, {
          userEmail: adminEmail.toUpperCase(),
          userRole: 'Admin',
        });
        assertErrorBody(editToDuplicate, 409, 'edit to an existing admin e-mail');

        const missing = randomUUID();
        assertErrorBody(await admin.get(`/api/admin/users/${missing}`), 404, 'GET unknown');
        assertErrorBody(
          await admin.put(`/api/admin/users/${missing}`, {
            userEmail: uniqueEmail(),
            userRole: 'Admin',
          }),
          404,
          'PUT unknown',
        );
        assertErrorBody(await admin.delete(`/api/admin/users/${missing}`), 404, 'DELETE unknown');

        // A second, verified admin.
        const secondEmail = uniqueEmail('second-admin');
        assertStatus(
          await admin.post('/api/admin/users', { userEmail: secondEmail, userRole: 'Admin' }),
          201,
          'add the second admin',
        );
        const second = await newAccount({ email: secondEmail });
        const secondClient = api.client();
        assert.equal((await loginOk(secondClient, second.email, second.password)).isAdmin, true);
        const secondEntry = (await list(admin)).find((entry) => entry.userEmail === secondEmail);
        assert.ok(secondEntry);
        assert.equal(secondEntry.accountStatus, 'verified');

        // Removing yourself is refused while other admins exist.
        const self = (await list(admin)).find((entry) => entry.userEmail === adminEmail);
        assert.ok(self);
        const removeSelf = await admin.delete(`/api/admin/users/${self.id}`);
        assert.equal(
          assertErrorBody(removeSelf, 409, 'remove yourself').message,
          ADMIN_USER_MESSAGES.yourself,
        );
        assert.equal((await sessionAccount(admin)).isAdmin, true, 'still an admin');

        // Removing another admin works, and takes their rights at once.
        assertStatus(
          await admin.delete(`/api/admin/users/${secondEntry.id}`),
          204,
          'remove another',
        );
        assertErrorBody(await secondClient.get('/api/admin/users'), 403, 'the removed admin');
        assert.equal((await sessionAccount(secondClient)).isAdmin, false);
        assertErrorBody(await admin.get(`/api/admin/users/${secondEntry.id}`), 404, 'gone');
        assertStatus(await admin.delete(`/api/admin/users/${user.id}`), 204, 'remove the renamed');

        // Now the env admin is the last one.
        const remaining = await list(admin);
        assert.deepEqual(
          remaining.map((entry) => entry.userEmail),
          [adminEmail],
          'only the env admin is left',
        );
        const removeLast = await admin.delete(`/api/admin/users/${self.id}`);
        const lastBody = assertErrorBody(removeLast, 409, 'remove the last admin');
        assert.ok(
          [ADMIN_USER_MESSAGES.lastAdmin, ADMIN_USER_MESSAGES.yourself].includes(
            lastBody.message as never,
          ),
          `the last-admin (or yourself) message: ${removeLast.text}`,
        );
        assert.equal((await list(admin)).length, 1);
      },
    );

    test(
      'a restart with another ADMIN_EMAIL adds no admin when there is one',
      { timeout: 90_000 },
      async () => {
        const otherEmail = `other-admin-${uid()}@seo-agency.test`;
        const restarted = await startIdentityApp(suite, {
          name: 'identity-restart',
          adminEmail: otherEmail,
          adminPassword: strongPassword(),
        });
        try {
          const users = await list(admin);
          assert.ok(
            users.some((entry) => entry.userEmail === adminEmail),
            'the first admin stays',
          );
          assert.ok(
            !users.some((entry) => entry.userEmail === otherEmail),
            `no second env admin: ${JSON.stringify(users)}`,
          );
          const session = await getSession(restarted.client());
          assert.equal(session.account, null);
        } finally {
          await restarted.stop();
        }
      },
    );
  });
});
