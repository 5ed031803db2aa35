/**
 * Signing in end to end against the built server, real PostgreSQL, Redis and SMTP
 * (test/support/mailbox.ts): login and its throttling (per IP address, per account and address),
 * sessions, cross-origin refusal, logout and the admin users. Registration, verification and password
 * reset are in identity-accounts.test.ts.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/identity-sign-in.test.ts
 *
 * DEBUG_APP=1 streams the app's output; it is printed anyway when a test of the file failed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
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
  fieldsOf,
  getSession,
  login,
  loginOk,
  SESSION_COOKIE,
  sessionAccount,
  sha256hex,
  strongPassword,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import { type IdentityApp, newClientIp, startIdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import {
  accountRows,
  assertNoAccount,
  confirmReset,
  requestResetToken,
} from '../support/accounts.js';

// The first app started on the file's database creates the first admin: every app here gets the
// world's. The world's own app starts after the per-IP tests, whose app runs alone.
const world = useWorld();
const suite = world;
const { adminEmail } = world;

// ---------------------------------------------------------------------------------------------
// helpers

function sessionToken(client: HttpClient): string {
  const token = client.cookie(SESSION_COOKIE);
  if (!token) throw new Error(`expected the client to have a ${SESSION_COOKIE} cookie`);
  return token;
}

// ---------------------------------------------------------------------------------------------

// Every request of this app comes from 127.0.0.1 (no TRUST_PROXY). The other app of the file runs as
// behind a proxy on 127.0.0.1 and gives each client an address of its own (X-Forwarded-For).
describe('login throttling per IP address', () => {
  const windowSeconds = 3;
  let api: IdentityApp;

  beforeAll(async () => {
    api = await world.startApp({
      name: 'ip-throttle',
      env: {
        LOGIN_MAX_FAILURES_PER_IP: '4',
        LOGIN_MAX_FAILURES_ACCOUNT_IP: '100',
        LOGIN_THROTTLE_WINDOW_SECONDS: String(windowSeconds),
      },
    });
  }, 90_000);

  afterAll(() => api?.stop(), 30_000);

  test('failures across different e-mails block the address, also for a right password, until the window passes; e-mails that logged in from it before are let through', async () => {
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
  }, 60_000);
});

describe('one app (3 failures per account and address)', () => {
  let api: IdentityApp;
  /** Signed in as the env admin. */
  let admin: HttpClient;

  world.useApp({
    name: 'identity',
    env: { LOGIN_MAX_FAILURES_ACCOUNT_IP: '3' },
    simulateClientIps: true,
  });

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
  }, 90_000);

  const newAccount = (options: { email?: string; password?: string; verify?: boolean } = {}) =>
    createAccount(api.client(), suite.mailbox, api.publicUrl, options);

  describe('login throttling per account and address (limit 3)', () => {
    const windowSeconds = 900;

    test('the 4th attempt from one address is refused with 429, even with the right password; other addresses are not, and a password reset unblocks', async () => {
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
      const token = await requestResetToken(suite.mailbox, api, account.email);
      const newPassword = strongPassword();
      const reset = await confirmReset(api, token, newPassword);
      assertStatus(reset, 200, 'confirm the reset');
      expect(reset.body).toStrictEqual({ message: AUTH_MESSAGES.passwordReset });
      await loginOk(api.client(ip), account.email, newPassword);
      await assertLoginFailed(
        await login(api.client(), account.email, account.password),
        'the old password after the reset',
      );
    }, 60_000);

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
        // As for a known e-mail: the same status and the same body (`what` names the attempt).
        expect({ what, status: response.status }).toStrictEqual({
          what,
          status: forKnown[index]?.status,
        });
        expect({ what, body: response.body }).toStrictEqual({ what, body: forKnown[index]?.body });
      }
    });
  });

  describe('sessions', () => {
    test('login sets an HttpOnly, SameSite=Lax, Path=/ cookie, and a new token each time', async () => {
      const account = await newAccount();
      const client = api.client();
      const response = await login(client, account.email, account.password);
      assertStatus(response, 200, 'login');
      const body = asObject(response.body, 'the login body');
      expect(asObject(body.account, 'account').email).toBe(account.email);
      expect(typeof body.googleSignIn).toBe('boolean');

      const cookies = response.setCookies.filter((cookie) => cookie.name === SESSION_COOKIE);
      // One session cookie (a failure shows the cookies).
      expect(cookies).toHaveLength(1);
      const [cookie] = cookies;
      if (!cookie) throw new Error(`expected a ${SESSION_COOKIE} cookie`);
      // HttpOnly, SameSite=Lax, Path=/; no Secure over http, and host-only (no Domain).
      expect(cookie.attributes.httponly).toBe(true);
      expect(String(cookie.attributes.samesite).toLowerCase()).toBe('lax');
      expect(cookie.attributes.path).toBe('/');
      expect(cookie.attributes.secure).toBeUndefined();
      expect(cookie.attributes.domain).toBeUndefined();
      // An opaque token.
      expect(cookie.value.length).toBeGreaterThanOrEqual(20);

      const stored = await suite.db.query('SELECT id FROM session WHERE id = $1', [
        sha256hex(cookie.value),
      ]);
      // The session is stored under the sha256 of its token; the token itself is not stored.
      expect(stored.rowCount).toBe(1);
      const clear = await suite.db.query('SELECT id FROM session WHERE id = $1', [cookie.value]);
      expect(clear.rowCount).toBe(0);

      // Logging in again with the old cookie still sent gets a new token (no session fixation).
      const again = await login(client, account.email, account.password);
      assertStatus(again, 200, 'second login');
      const second = sessionToken(client);
      // A new token.
      expect(second).not.toBe(cookie.value);
      expect((await sessionAccount(client)).email).toBe(account.email);
    });

    test('logout ends the session on the server', async () => {
      const account = await newAccount();
      const client = api.client();
      await loginOk(client, account.email, account.password);
      const token = sessionToken(client);
      expect((await sessionAccount(client)).email).toBe(account.email);

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

      const token = await requestResetToken(suite.mailbox, api, account.email);
      const newPassword = strongPassword();
      assertStatus(await confirmReset(api, token, newPassword), 200, 'confirm the reset');

      await assertSignedOut(first, 'the first session after the reset');
      await assertSignedOut(second, 'the second session after the reset');
      await loginOk(api.client(), account.email, newPassword);
    });
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
      await assertNoAccount(suite.db, email, 'after the cross-origin register');

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
      await assertNoAccount(suite.db, email, 'after the cross-site register');

      // The site's own origin is fine (as is no Origin at all, like every other test here).
      const sameOrigin = await api
        .client()
        .post(
          '/api/auth/register',
          { email, password: strongPassword() },
          { headers: { origin: api.baseUrl, 'sec-fetch-site': 'same-origin' } },
        );
      assertStatus(sameOrigin, 202, 'same-origin register');
      expect(await accountRows(suite.db, email)).toHaveLength(1);
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
      // No cookie from a refused login.
      expect(refusedLogin.setCookies).toHaveLength(0);

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
    // Still signed in.
    expect((await sessionAccount(client)).email).toBe(account.email);
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
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.userRole).toBe('Admin');
      // createdAt is a date.
      expect(Date.parse(body.createdAt)).not.toBeNaN();
      return body;
    };

    async function list(client: HttpClient): Promise<AdminUser[]> {
      const response = await client.get('/api/admin/users');
      assertStatus(response, 200, 'GET /api/admin/users');
      expect(response.body).toBeInstanceOf(Array);
      return response.body as AdminUser[];
    }

    test('the first admin comes from ADMIN_EMAIL and ADMIN_PASSWORD, verified', async () => {
      const account = await sessionAccount(admin);
      expect(account.email).toBe(adminEmail);
      expect(account.isAdmin).toBe(true);
      expect(account.emailVerified).toBe(true);
      expect(account.hasPassword).toBe(true);
      const entry = (await list(admin)).find((user) => user.userEmail === adminEmail);
      // The env admin is on the list.
      expect(entry).toBeDefined();
      expect(entry?.accountStatus).toBe('verified');
      const { rows } = await suite.db.query<{ email: string }>(
        'SELECT email FROM admin_user WHERE lower(email) = lower($1)',
        [adminEmail],
      );
      expect(rows).toHaveLength(1);
    });

    test('add, find, edit and remove; duplicates, yourself and the last admin are refused', async () => {
      const id = uid();
      // Add (the role defaults to Admin), with a mixed-case address.
      const added = await admin.post('/api/admin/users', { userEmail: `New-${id}@Example.test` });
      assertStatus(added, 201, 'add');
      const user = asAdminUser(added);
      expect(user.userEmail.toLowerCase()).toBe(`new-${id}@example.test`);
      // An account awaiting its invitation (the default of the add form).
      expect(user.accountStatus).toBe('unverified');

      const duplicate = await admin.post('/api/admin/users', {
        userEmail: `new-${id}@EXAMPLE.TEST`,
        userRole: 'Admin',
      });
      expect(assertErrorBody(duplicate, 409, 'duplicate').message).toBe(
        ADMIN_USER_MESSAGES.duplicate,
      );

      const invalid = await admin.post('/api/admin/users', {
        userEmail: 'nope',
        userRole: 'Admin',
      });
      expect(fieldsOf(assertErrorBody(invalid, 400, 'invalid')).userEmail).toBe(
        'Provide a Valid Email',
      );
      const badRole = await admin.post('/api/admin/users', {
        userEmail: uniqueEmail('role'),
        userRole: 'Owner',
      });
      expect(fieldsOf(assertErrorBody(badRole, 400, 'bad role')).userRole).toBeTruthy();

      // Find and edit.
      const found = await admin.get(`/api/admin/users/${user.id}`);
      assertStatus(found, 200, 'GET by id');
      expect(asAdminUser(found).id).toBe(user.id);
      const renamed = `renamed-${id}@example.test`;
      const edited = await admin.put(`/api/admin/users/${user.id}`, {
        userEmail: renamed,
        userRole: 'Admin',
      });
      assertStatus(edited, 200, 'edit');
      expect(asAdminUser(edited).userEmail).toBe(renamed);
      expect((await list(admin)).map((entry) => entry.userEmail)).toContain(renamed);
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
      expect((await loginOk(secondClient, second.email, second.password)).isAdmin).toBe(true);
      const secondEntry = (await list(admin)).find((entry) => entry.userEmail === secondEmail);
      if (!secondEntry) throw new Error(`expected ${secondEmail} on the admin list`);
      expect(secondEntry.accountStatus).toBe('verified');

      // Removing yourself is refused while other admins exist.
      const self = (await list(admin)).find((entry) => entry.userEmail === adminEmail);
      if (!self) throw new Error(`expected ${adminEmail} on the admin list`);
      const removeSelf = await admin.delete(`/api/admin/users/${self.id}`);
      expect(assertErrorBody(removeSelf, 409, 'remove yourself').message).toBe(
        ADMIN_USER_MESSAGES.yourself,
      );
      // Still an admin.
      expect((await sessionAccount(admin)).isAdmin).toBe(true);

      // Removing another admin works, and takes their rights at once.
      assertStatus(await admin.delete(`/api/admin/users/${secondEntry.id}`), 204, 'remove another');
      assertErrorBody(await secondClient.get('/api/admin/users'), 403, 'the removed admin');
      expect((await sessionAccount(secondClient)).isAdmin).toBe(false);
      assertErrorBody(await admin.get(`/api/admin/users/${secondEntry.id}`), 404, 'gone');
      assertStatus(await admin.delete(`/api/admin/users/${user.id}`), 204, 'remove the renamed');

      // Now the env admin is the last one.
      const remaining = await list(admin);
      // Only the env admin is left.
      expect(remaining.map((entry) => entry.userEmail)).toStrictEqual([adminEmail]);
      const removeLast = await admin.delete(`/api/admin/users/${self.id}`);
      const lastBody = assertErrorBody(removeLast, 409, 'remove the last admin');
      // The last-admin (or yourself) message.
      expect([ADMIN_USER_MESSAGES.lastAdmin, ADMIN_USER_MESSAGES.yourself]).toContain(
        lastBody.message,
      );
      expect(await list(admin)).toHaveLength(1);
    }, 60_000);

    test('a restart with another ADMIN_EMAIL adds no admin when there is one', async () => {
      const otherEmail = `other-admin-${uid()}@seo-agency.test`;
      const restarted = await startIdentityApp(suite, {
        name: 'identity-restart',
        adminEmail: otherEmail,
        adminPassword: strongPassword(),
      });
      try {
        const users = await list(admin);
        // The first admin stays, and there is no second env admin.
        expect(users.map((entry) => entry.userEmail)).toContain(adminEmail);
        expect(users.map((entry) => entry.userEmail)).not.toContain(otherEmail);
        const session = await getSession(restarted.client());
        expect(session.account).toBeNull();
      } finally {
        await restarted.stop();
      }
    }, 90_000);
  });
});
