/**
 * Staff accounts end to end against the built server, real PostgreSQL, Redis and SMTP: invitations
 * (accept, expiry, withdrawal, resending, single use, audit) and two-factor sign-in (enrolment, the
 * code step of a sign-in, recovery codes, replays, throttling, turning it off, REQUIRE_ADMIN_2FA).
 *
 *   npm run build:server && npm run test:integration -- test/integration/staff-auth.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { STAFF_AUTH_MESSAGES, TWO_FACTOR_REQUIRED_CODE } from '../../src/contracts/identity.js';
import { totpCode } from '../../src/modules/identity/domain/totp.js';
import { type HttpClient } from '../support/http-client.js';
import {
  asObject,
  assertErrorBody,
  assertLoginFailed,
  assertSignedOut,
  assertStatus,
  assertThrottled,
  expectNewMail,
  fieldsOf,
  getSession,
  login,
  loginOk,
  mailTo,
  SESSION_COOKIE,
  sha256hex,
  strongPassword,
  uniqueEmail,
} from '../support/identity.js';
import type { ReceivedMail } from '../support/mailbox.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'staff-auth', env: { LOGIN_MAX_FAILURES_ACCOUNT_IP: '3' } });
const INVITATION_SUBJECT = 'You are invited to the admin area';

let admin: HttpClient;
beforeAll(async () => {
  admin = await world.admin();
}, 90_000);

/** The /invitation/{token} link of an invitation mail's text part. */
function invitationToken(mail: ReceivedMail): string {
  const base = world.api.publicUrl.replace(/\/$/, '');
  const match = new RegExp(
    `${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/invitation/([\\w-]+)`,
  ).exec(mail.text);
  expect({ text: mail.text, hasLink: match !== null }).toMatchObject({ hasLink: true });
  return match![1]!;
}

/** The admin adds `email` with the default set-up: resolves with the entry's id and the link's token. */
async function invite(
  email = uniqueEmail('staff'),
): Promise<{ id: string; email: string; token: string }> {
  const mail = expectNewMail(world.mailbox, mailTo(email, INVITATION_SUBJECT));
  const added = await admin.post('/api/admin/users', { userEmail: email });
  assertStatus(added, 201, 'add with an invitation');
  const id = asObject(added.body, 'the added user').id as string;
  return { id, email, token: invitationToken(await mail.next()) };
}

const accept = (client: HttpClient, token: string, password: string) =>
  client.post('/api/auth/invitation/accept', { token, password });

async function adminUser(id: string) {
  const response = await admin.get(`/api/admin/users/${id}`);
  assertStatus(response, 200, 'read the admin user');
  return asObject(response.body, 'the admin user');
}

async function auditKinds(targetId: string): Promise<string[]> {
  const { rows } = await world.db.query<{ kind: string }>(
    'select kind from audit_entry where target_id = $1 order by at',
    [targetId],
  );
  return rows.map((row) => row.kind);
}

function assertInvitationRefused(response: Awaited<ReturnType<typeof accept>>, what: string) {
  const body = assertErrorBody(response, 400, what);
  expect(body.message).toBe(STAFF_AUTH_MESSAGES.invitationInvalid);
  expect(response.setCookies.filter((cookie) => cookie.name === SESSION_COOKIE)).toHaveLength(0);
}

describe('invitations', () => {
  test('the invitee sets their own password from the e-mailed link, is signed in as admin, and the link works once', async () => {
    const { id, email, token } = await invite();
    expect(await adminUser(id)).toMatchObject({
      accountStatus: 'unverified',
      invitation: { status: 'pending' },
    });
    const { invitation } = (await adminUser(id)) as { invitation: { expiresAt: string } };
    const expiresAt = new Date(invitation.expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(72 * 3600_000);
    // No usable password before the invitation is accepted.
    await assertLoginFailed(
      await login(world.api.client(), email, strongPassword()),
      'before accepting',
    );
    // Stored hashed only.
    const { rows } = await world.db.query<{ id: string }>(
      "select id from account_token where purpose = 'invitation' and email = $1",
      [email],
    );
    expect(rows.map((row) => row.id)).toStrictEqual([sha256hex(token)]);

    const invitee = world.api.client();
    const password = strongPassword();
    const accepted = await accept(invitee, token, password);
    assertStatus(accepted, 200, 'accept');
    expect(asObject(accepted.body, 'session').account).toMatchObject({
      email,
      isAdmin: true,
      emailVerified: true,
    });
    assertStatus(
      await invitee.get('/api/admin/users'),
      200,
      'the admin area, signed in by the link',
    );
    await loginOk(world.api.client(), email, password);

    assertInvitationRefused(
      await accept(world.api.client(), token, strongPassword()),
      'used again',
    );
    expect(await adminUser(id)).toMatchObject({
      accountStatus: 'verified',
      invitation: { status: 'accepted' },
    });
    expect(await auditKinds(id)).toStrictEqual(['admin-user.added', 'admin-user.invited']);
    const [account] = (
      await world.db.query<{ id: string }>('select id from account where email = $1', [email])
    ).rows;
    expect(await auditKinds(account!.id)).toStrictEqual(['admin-user.invitation-accepted']);
  }, 60_000);

  test('the password rules of registration apply to the invitee', async () => {
    const { token } = await invite();
    const tooShort = assertErrorBody(await accept(world.api.client(), token, 'abc'), 400, 'short');
    expect(fieldsOf(tooShort).password).toBe('Minimum 6 Characters');
    const common = assertErrorBody(
      await accept(world.api.client(), token, 'password123'),
      400,
      'common',
    );
    expect(fieldsOf(common).password).toMatch(/too common/);
    // Those refusals did not use the link up.
    assertStatus(await accept(world.api.client(), token, strongPassword()), 200, 'a good password');
  }, 60_000);

  test('an expired link is refused with a clear message; a re-sent one works', async () => {
    const { id, email, token } = await invite();
    await world.db.query(
      "update account_token set expires_at = now() - interval '1 second' where purpose = 'invitation' and email = $1",
      [email],
    );
    assertInvitationRefused(await accept(world.api.client(), token, strongPassword()), 'expired');
    expect(await adminUser(id)).toMatchObject({ invitation: { status: 'expired' } });

    const mail = expectNewMail(world.mailbox, mailTo(email, INVITATION_SUBJECT));
    const resent = await admin.post(`/api/admin/users/${id}/invitation`);
    assertStatus(resent, 200, 'resend');
    const fresh = invitationToken(await mail.next());
    expect(fresh).not.toBe(token);
    assertStatus(await accept(world.api.client(), fresh, strongPassword()), 200, 'the new link');
    // An account with a password is not invited again.
    assertErrorBody(
      await admin.post(`/api/admin/users/${id}/invitation`),
      409,
      'resend after accepting',
    );
  }, 60_000);

  test('a withdrawn link is refused; withdrawing and re-sending are audited, and the old link stays dead', async () => {
    const { id, email, token } = await invite();
    const revoked = await admin.delete(`/api/admin/users/${id}/invitation`);
    assertStatus(revoked, 200, 'revoke');
    expect(asObject(revoked.body, 'user')).toMatchObject({ invitation: { status: 'revoked' } });
    assertInvitationRefused(await accept(world.api.client(), token, strongPassword()), 'revoked');
    assertErrorBody(
      await admin.delete(`/api/admin/users/${id}/invitation`),
      409,
      'nothing to revoke',
    );

    const mail = expectNewMail(world.mailbox, mailTo(email, INVITATION_SUBJECT));
    assertStatus(await admin.post(`/api/admin/users/${id}/invitation`), 200, 'resend');
    const fresh = invitationToken(await mail.next());
    assertInvitationRefused(await accept(world.api.client(), token, strongPassword()), 'old link');
    assertStatus(await accept(world.api.client(), fresh, strongPassword()), 200, 'the new link');
    expect(await auditKinds(id)).toStrictEqual([
      'admin-user.added',
      'admin-user.invited',
      'admin-user.invitation-revoked',
      'admin-user.invited',
    ]);
  }, 60_000);

  test('"set a password now" makes a signed-in-able admin without any e-mail; the password is required', async () => {
    const email = uniqueEmail('direct');
    const missing = assertErrorBody(
      await admin.post('/api/admin/users', { userEmail: email, accountSetup: 'password' }),
      400,
      'no password',
    );
    expect(fieldsOf(missing).password).toBe('Password is Required');
    const password = strongPassword();
    const added = await admin.post('/api/admin/users', {
      userEmail: email,
      accountSetup: 'password',
      password,
    });
    assertStatus(added, 201, 'add with a password');
    expect(asObject(added.body, 'user')).toMatchObject({
      accountStatus: 'verified',
      invitation: null,
    });
    const account = await loginOk(world.api.client(), email, password);
    expect(account.isAdmin).toBe(true);
    expect(world.mailbox.find(mailTo(email, INVITATION_SUBJECT))).toHaveLength(0);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// two-factor sign-in

/** A staff member with a password, signed in on a client of their own. */
async function staff(app = world.api) {
  const email = uniqueEmail('twofa');
  const password = strongPassword();
  assertStatus(
    await admin.post('/api/admin/users', { userEmail: email, accountSetup: 'password', password }),
    201,
    'add staff',
  );
  const client = app.client();
  await loginOk(client, email, password);
  return { email, password, client };
}

/** A code the server has not seen yet: the next step's (within the accepted drift). */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);
/** A wrong code for the current moment (no step within the drift has it). */
function wrongCode(secret: string): string {
  const taken = new Set([-1, 0, 1, 2].map((step) => totpCode(secret, Date.now() + step * 30_000)));
  for (let value = 0; ; value++) {
    const code = String(value).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

async function enrol(client: HttpClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.post('/api/account/two-factor/setup');
  assertStatus(setup, 200, 'setup');
  const { secret, otpauthUri } = asObject(setup.body, 'setup') as {
    secret: string;
    otpauthUri: string;
  };
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(otpauthUri).toContain(`secret=${secret}`);
  const confirmed = await client.post('/api/account/two-factor/confirm', {
    code: totpCode(secret, Date.now()),
  });
  assertStatus(confirmed, 200, 'confirm');
  const { recoveryCodes } = asObject(confirmed.body, 'codes') as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

/** Password step: a challenge, no session. */
async function passwordStep(client: HttpClient, email: string, password: string): Promise<string> {
  const response = await login(client, email, password);
  assertStatus(response, 200, 'the password step');
  const body = asObject(response.body, 'login');
  expect(body.account).toBeNull();
  expect(typeof body.twoFactorChallenge).toBe('string');
  expect(response.setCookies.filter((cookie) => cookie.name === SESSION_COOKIE)).toHaveLength(0);
  await assertSignedOut(client, 'between the password and the code');
  return body.twoFactorChallenge as string;
}

/** The account's TOTP secret is stored sealed: the table alone does not give the codes. */
async function expectSealedSecret(email: string, secret: string): Promise<void> {
  const { rows } = await world.db.query<{ totp_secret: string }>(
    'select totp_secret from account where email = $1',
    [email],
  );
  expect(rows[0]?.totp_secret).toMatch(/^v1\./);
  expect(rows[0]?.totp_secret).not.toContain(secret);
}

const codeStep = (client: HttpClient, challenge: string, code: string) =>
  client.post('/api/auth/login/two-factor', { challenge, code });

describe('two-factor sign-in', () => {
  test('enrolment: a wrong code is refused; the right one turns it on and shows 10 recovery codes, stored hashed', async () => {
    const { email, client } = await staff();
    const setup = await client.post('/api/account/two-factor/setup');
    const { secret } = asObject(setup.body, 'setup') as { secret: string };
    const wrong = assertErrorBody(
      await client.post('/api/account/two-factor/confirm', { code: wrongCode(secret) }),
      400,
      'wrong code',
    );
    expect(fieldsOf(wrong).code).toBe(STAFF_AUTH_MESSAGES.wrongCode);
    expect((await getSession(client)).account).toMatchObject({ twoFactorEnabled: false });

    const confirmed = await client.post('/api/account/two-factor/confirm', {
      code: totpCode(secret, Date.now()),
    });
    assertStatus(confirmed, 200, 'confirm');
    const { recoveryCodes } = asObject(confirmed.body, 'codes') as { recoveryCodes: string[] };
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect((await getSession(client)).account).toMatchObject({ twoFactorEnabled: true });
    const { rows } = await world.db.query<{ id: string }>(
      'select r.id from recovery_code r join account a on a.id = r.account_id where a.email = $1',
      [email],
    );
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(recoveryCodes).not.toContain(row.id);
    await expectSealedSecret(email, secret);
    // Shown once: a second set-up is refused while it is on.
    assertErrorBody(await client.post('/api/account/two-factor/setup'), 409, 'set up again');
  }, 60_000);

  test('a secret stored before secrets were sealed still signs in, and is sealed by that sign-in', async () => {
    const { email, password, client } = await staff();
    const { secret } = await enrol(client);
    await world.db.query('update account set totp_secret = $1 where email = $2', [secret, email]);
    const browser = world.api.client();
    const challenge = await passwordStep(browser, email, password);
    assertStatus(await codeStep(browser, challenge, nextCode(secret)), 200, 'the code step');
    await expectSealedSecret(email, secret);
  }, 60_000);

  test('a customer cannot enrol', async () => {
    const customer = await world.customer();
    assertErrorBody(await customer.client.post('/api/account/two-factor/setup'), 403, 'customer');
  }, 60_000);

  test('sign-in asks for the code after the password; a code is refused when replayed; a recovery code works once', async () => {
    const { email, password, client } = await staff();
    const { secret, recoveryCodes } = await enrol(client);

    const browser = world.api.client();
    const challenge = await passwordStep(browser, email, password);
    const code = nextCode(secret);
    const signedIn = await codeStep(browser, challenge, code);
    assertStatus(signedIn, 200, 'the code step');
    expect(asObject(signedIn.body, 'session').account).toMatchObject({
      email,
      twoFactorEnabled: true,
    });
    assertStatus(await browser.get('/api/admin/users'), 200, 'the admin area after both steps');
    // The challenge is used up.
    assertErrorBody(await codeStep(world.api.client(), challenge, code), 401, 'challenge reused');

    const other = world.api.client();
    const again = await passwordStep(other, email, password);
    const replay = assertErrorBody(await codeStep(other, again, code), 401, 'the same code again');
    expect(replay.message).toBe(STAFF_AUTH_MESSAGES.wrongCode);
    await assertSignedOut(other, 'after a replayed code');

    const recovery = recoveryCodes[0]!;
    assertStatus(
      await codeStep(other, again, recovery.toUpperCase().replace(/-/g, ' ')),
      200,
      'a recovery code (case and separators do not matter)',
    );
    const third = world.api.client();
    const challenge3 = await passwordStep(third, email, password);
    assertErrorBody(await codeStep(third, challenge3, recovery), 401, 'the recovery code again');
    assertStatus(
      await codeStep(third, challenge3, recoveryCodes[1]!),
      200,
      'another recovery code',
    );
  }, 60_000);

  test('wrong codes are throttled like passwords (limit 3): then even the right code gets 429', async () => {
    const { email, password, client } = await staff();
    const { secret } = await enrol(client);
    const browser = world.api.client();
    const challenge = await passwordStep(browser, email, password);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const failed = assertErrorBody(
        await codeStep(browser, challenge, wrongCode(secret)),
        401,
        `wrong code ${attempt}`,
      );
      expect(failed.message).toBe(STAFF_AUTH_MESSAGES.wrongCode);
    }
    assertThrottled(await codeStep(browser, challenge, nextCode(secret)), 900, 'the right code');
    await assertSignedOut(browser, 'while throttled');
  }, 60_000);

  test('turning it off needs a code; then the password alone signs in', async () => {
    const { email, password, client } = await staff();
    const { secret, recoveryCodes } = await enrol(client);
    assertErrorBody(
      await client.post('/api/account/two-factor/disable', { code: wrongCode(secret) }),
      400,
      'wrong code',
    );
    assertStatus(
      await client.post('/api/account/two-factor/disable', { code: recoveryCodes[0] }),
      200,
      'disable',
    );
    expect((await getSession(client)).account).toMatchObject({ twoFactorEnabled: false });
    await loginOk(world.api.client(), email, password);
    const { rows } = await world.db.query(
      'select 1 from recovery_code r join account a on a.id = r.account_id where a.email = $1',
      [email],
    );
    expect(rows).toHaveLength(0);
  }, 60_000);
});

describe('REQUIRE_ADMIN_2FA=true', () => {
  test('an admin without two-factor sign-in gets 403 two-factor-required on admin routes until enrolled', async () => {
    const gated = await world.startApp({ name: 'require-2fa', env: { REQUIRE_ADMIN_2FA: 'true' } });
    try {
      const { client } = await staff(gated);
      expect((await getSession(client)).account).toMatchObject({
        isAdmin: true,
        twoFactorRequired: true,
      });
      const refused = assertErrorBody(
        await client.get('/api/admin/users'),
        403,
        'before enrolling',
      );
      expect(refused).toMatchObject({
        code: TWO_FACTOR_REQUIRED_CODE,
        message: STAFF_AUTH_MESSAGES.twoFactorRequired,
      });
      await enrol(client);
      expect((await getSession(client)).account).toMatchObject({ twoFactorRequired: false });
      assertStatus(await client.get('/api/admin/users'), 200, 'after enrolling');
    } finally {
      await gated.stop();
    }
  }, 120_000);
});
