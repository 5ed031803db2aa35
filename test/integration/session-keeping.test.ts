/**
 * Each API process keeps the sessions it resolved (while the identity version stands), so that a
 * signed-in request does not look its session up again. Two API processes on one database: whatever
 * ends a session or changes an account's rights, in either process or straight in the database,
 * counts from the very next request in the other one too, although that one has the session kept.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/session-keeping.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import type { HttpClient } from '../support/http-client.js';
import {
  assertErrorBody,
  assertSignedOut,
  assertStatus,
  createAccount,
  type CreatedAccount,
  loginOk,
  SESSION_COOKIE,
  sessionAccount,
  strongPassword,
} from '../support/identity.js';
import type { IdentityApp } from '../support/identity-suite.js';
import { confirmReset, requestResetToken } from '../support/accounts.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'session-keeping-a' });

let first: IdentityApp;
let second: IdentityApp;

beforeAll(async () => {
  first = world.api;
  second = await world.startApp({ name: 'session-keeping-b', role: 'api' });
}, 120_000);

const newAccount = (): Promise<CreatedAccount> =>
  createAccount(first.client(), world.mailbox, first.publicUrl);

/** Signs in on the first process; returns its client and the same browser on the second one. */
async function signedInOnBoth(account: CreatedAccount): Promise<[HttpClient, HttpClient]> {
  const onFirst = first.client();
  await loginOk(onFirst, account.email, account.password);
  const token = onFirst.cookie(SESSION_COOKIE);
  if (!token) throw new Error('no session cookie after login');
  const onSecond = second.client();
  onSecond.setCookie(SESSION_COOKIE, token);
  return [onFirst, onSecond];
}

/** Used twice, so that the second process answers from the session it kept. */
async function assertCustomerRouteOpen(client: HttpClient, what: string): Promise<void> {
  for (let time = 0; time < 2; time += 1) {
    assertStatus(await client.get('/api/orders/mine'), 200, what);
  }
}

const assertCustomerRouteClosed = async (client: HttpClient, what: string) =>
  assertErrorBody(await client.get('/api/orders/mine'), 401, what);

describe('a session kept by another process', () => {
  test('a sign-out ends it at once in both processes', async () => {
    const account = await newAccount();
    const [onFirst, onSecond] = await signedInOnBoth(account);
    await assertCustomerRouteOpen(onSecond, 'the session on the second process');
    expect((await sessionAccount(onSecond)).email).toBe(account.email);

    assertStatus(await onFirst.post('/api/auth/logout'), 204, 'logout on the first process');

    await assertCustomerRouteClosed(onSecond, 'the signed-out session on the second process');
    await assertSignedOut(onSecond, 'the signed-out session on the second process');
    // Signing in again is not hindered by anything kept.
    const [, again] = await signedInOnBoth(account);
    await assertCustomerRouteOpen(again, 'a new session after the sign-out');
  });

  test("a password reset ends the account's sessions kept by the other process at once", async () => {
    const account = await newAccount();
    const [, onSecond] = await signedInOnBoth(account);
    await assertCustomerRouteOpen(onSecond, 'the session on the second process');

    const token = await requestResetToken(world.mailbox, first, account.email);
    assertStatus(await confirmReset(first, token, strongPassword()), 200, 'confirm the reset');

    await assertCustomerRouteClosed(onSecond, 'the session on the second process after the reset');
  });

  test('a session deleted straight in the database (an operator) ends at once', async () => {
    const account = await newAccount();
    const [onFirst, onSecond] = await signedInOnBoth(account);
    await assertCustomerRouteOpen(onFirst, 'the session on the first process');
    await assertCustomerRouteOpen(onSecond, 'the session on the second process');

    await world.db.query(
      'DELETE FROM session WHERE account_id = (SELECT id FROM account WHERE email = $1)',
      [account.email],
    );

    await assertCustomerRouteClosed(onFirst, 'the deleted session on the first process');
    await assertCustomerRouteClosed(onSecond, 'the deleted session on the second process');
  });
});

describe('an admin whose session another process keeps', () => {
  test('removed from the admin list: refused at once; added back: let in at once', async () => {
    const admin = await world.admin();
    const account = await newAccount();
    const added = await admin.post('/api/admin/users', { userEmail: account.email });
    assertStatus(added, 201, 'add the account to the admin list');
    const adminUserId = String((added.body as { id: unknown }).id);
    const [, onSecond] = await signedInOnBoth(account);
    for (let time = 0; time < 2; time += 1) {
      assertStatus(await onSecond.get('/api/admin/users'), 200, 'an admin route as an admin');
    }
    expect((await sessionAccount(onSecond)).isAdmin).toBe(true);

    const removed = await admin.delete(`/api/admin/users/${adminUserId}`);
    expect(removed.status).toBeLessThan(300);

    assertErrorBody(await onSecond.get('/api/admin/users'), 403, 'an admin route once removed');
    expect((await sessionAccount(onSecond)).isAdmin).toBe(false);
    // Still signed in as a customer.
    await assertCustomerRouteOpen(onSecond, 'a customer route once removed from the admins');

    assertStatus(
      await admin.post('/api/admin/users', { userEmail: account.email }),
      201,
      'add the account back',
    );
    assertStatus(await onSecond.get('/api/admin/users'), 200, 'an admin route once added back');
  });
});
