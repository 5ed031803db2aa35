/**
 * Password guessing without lock-outs (LoginThrottle), against the built server, Redis and SMTP: the
 * limit per (account, address), the account-wide slowdown that never holds back an address without
 * failures, the guard against one address spraying many accounts, change-password under the same
 * limits, and the owner's "being guessed" e-mail. The app runs behind a proxy on 127.0.0.1, so each
 * client comes from the address its X-Forwarded-For names.
 *
 *   npm run build && npm run test:integration -- test/integration/login-throttling.test.ts
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES } from '../../src/contracts/identity.js';
import { HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  assertErrorBody,
  assertLoginFailed,
  assertStatus,
  assertThrottled,
  createAccount,
  expectNewMail,
  fieldsOf,
  login,
  loginOk,
  MAIL_SUBJECTS,
  mailTo,
  sessionAccount,
  strongPassword,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import { type IdentityApp, newClientIp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';

const world = useWorld();

const WINDOW_SECONDS = 900;
const PER_ACCOUNT_IP = 3;
const SLOWDOWN_AFTER = 4;
const PER_IP = 6;
const ALERT_AFTER = 5;

describe('password guessing without lock-outs', () => {
  let api: IdentityApp;

  beforeAll(async () => {
    api = await world.startApp({
      name: 'login-throttling',
      simulateClientIps: true,
      env: {
        LOGIN_MAX_FAILURES_ACCOUNT_IP: String(PER_ACCOUNT_IP),
        LOGIN_SLOWDOWN_AFTER_FAILURES: String(SLOWDOWN_AFTER),
        LOGIN_SLOWDOWN_MAX_SECONDS: '600',
        LOGIN_MAX_FAILURES_PER_IP: String(PER_IP),
        LOGIN_ALERT_AFTER_FAILURES: String(ALERT_AFTER),
        LOGIN_THROTTLE_WINDOW_SECONDS: String(WINDOW_SECONDS),
      },
    });
  }, 90_000);

  afterAll(() => api?.stop(), 30_000);

  const newAccount = () => createAccount(api.client(), world.mailbox, api.publicUrl);
  const wrongLogin = (ip: string, email: string) => login(api.client(ip), email, strongPassword());
  const changePassword = (client: HttpClient, currentPassword: string, newPassword?: string) =>
    client.put('/api/account/password', {
      currentPassword,
      newPassword: newPassword ?? strongPassword(),
    });

  test('change-password: wrong current passwords count with failed logins; a throttled client learns nothing from the right one', async () => {
    const account = await newAccount();
    const ip = newClientIp();
    const session = api.client(ip);
    await loginOk(session, account.email, account.password);

    await assertLoginFailed(await wrongLogin(ip, account.email), 'a failed login first');
    for (let attempt = 2; attempt <= PER_ACCOUNT_IP; attempt++) {
      const wrong = await changePassword(session, strongPassword());
      const body = assertErrorBody(wrong, 400, `wrong current password (failure ${attempt})`);
      expect(fieldsOf(body).currentPassword).toBe(AUTH_MESSAGES.wrongCurrentPassword);
    }
    assertThrottled(
      await changePassword(session, strongPassword()),
      WINDOW_SECONDS,
      'one more guess',
    );
    assertThrottled(
      await changePassword(session, account.password),
      WINDOW_SECONDS,
      'the right current password while throttled',
    );
    assertThrottled(
      await login(api.client(ip), account.email, account.password),
      WINDOW_SECONDS,
      'a login from the same address',
    );

    // Nothing changed, and the owner elsewhere is not held back.
    await sessionAccount(session);
    const owner = api.client(newClientIp());
    await loginOk(owner, account.email, account.password);
    const newPassword = strongPassword();
    assertStatus(
      await changePassword(owner, account.password, newPassword),
      200,
      'the owner changes the password from another address',
    );
    // Guesses at the old password no longer count.
    await loginOk(api.client(ip), account.email, newPassword);
  }, 60_000);

  test('failures from many addresses slow down each address that failed, never a fresh one; unknown e-mails get the same answers', async () => {
    const account = await newAccount();

    /** The same attack on any e-mail; `password` is the right one for an account. */
    const attack = async (email: string, password: string) => {
      const first = newClientIp();
      const others = Array.from({ length: 5 }, () => newClientIp());
      const answers: { what: string; response: HttpResponse }[] = [];
      for (let attempt = 1; attempt <= PER_ACCOUNT_IP; attempt++) {
        answers.push({ what: `failure ${attempt}`, response: await wrongLogin(first, email) });
      }
      answers.push({
        what: 'the right password from that address',
        response: await login(api.client(first), email, password),
      });
      for (const [index, ip] of others.entries()) {
        answers.push({
          what: `another address ${index + 1}`,
          response: await wrongLogin(ip, email),
        });
      }
      answers.push({
        what: 'the right password from the last address that failed',
        response: await login(api.client(others[others.length - 1]!), email, password),
      });
      answers.push({
        what: 'a wrong password from a fresh address',
        response: await wrongLogin(newClientIp(), email),
      });
      return answers;
    };

    const forKnown = await attack(account.email, account.password);
    const forUnknown = await attack(uniqueEmail('ghost'), strongPassword());
    const throttledAt = new Set([PER_ACCOUNT_IP, PER_ACCOUNT_IP + 6]);
    for (const [index, { what, response }] of forKnown.entries()) {
      if (!throttledAt.has(index)) await assertLoginFailed(response, what);
      else assertThrottled(response, WINDOW_SECONDS, what);
      const unknown = forUnknown[index]!;
      // An unknown e-mail gets the same answer as the known one.
      expect({ what, status: unknown.response.status, body: unknown.response.body }).toStrictEqual({
        what,
        status: response.status,
        body: response.body,
      });
    }
    // 3 + 5 failures against the account, slowdown after 4: the last address waits 2^4 s.
    const slowed = forKnown[PER_ACCOUNT_IP + 6]!.response;
    // A doubled wait, not 1 s.
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(1);

    await loginOk(api.client(newClientIp()), account.email, account.password);
  }, 60_000);

  test('one address spraying many accounts is refused for them, not for owners elsewhere nor for those who logged in from it before', async () => {
    const sprayer = newClientIp();
    // Someone behind the same proxy, who has logged in from it before.
    const regular = await newAccount();
    await loginOk(api.client(sprayer), regular.email, regular.password);
    const known = [await newAccount(), await newAccount(), await newAccount()];
    const targets = [...known.map((account) => account.email)];
    while (targets.length < PER_IP) targets.push(uniqueEmail('sprayed'));
    for (const [index, email] of targets.entries()) {
      await assertLoginFailed(await wrongLogin(sprayer, email), `sprayed e-mail ${index + 1}`);
    }

    const next = await newAccount();
    assertThrottled(
      await wrongLogin(sprayer, uniqueEmail('sprayed')),
      WINDOW_SECONDS,
      'a new e-mail from the sprayer',
    );
    assertThrottled(
      await login(api.client(sprayer), next.email, next.password),
      WINDOW_SECONDS,
      'a right password from the sprayer, for an account never used from it',
    );
    await loginOk(api.client(sprayer), regular.email, regular.password);
    await loginOk(api.client(newClientIp()), next.email, next.password);
    await loginOk(api.client(newClientIp()), known[0]!.email, known[0]!.password);
  }, 90_000);

  test('the owner is told once per window that the password is being guessed, with nothing of the guesser in the mail', async () => {
    const account = await newAccount();
    const ghost = uniqueEmail('ghost');
    const userAgent = `Guesser-${uid()} <b>bold</b>`;
    const ips: string[] = [];
    const guesses: string[] = [];
    const guess = async (email: string, what: string) => {
      const ip = newClientIp();
      const password = `Guess-${uid()}-<i>x</i>`;
      ips.push(ip);
      guesses.push(password);
      await assertLoginFailed(
        await login(api.client(ip), email, password, { 'user-agent': userAgent }),
        what,
      );
    };

    const alerts = expectNewMail(world.mailbox, mailTo(account.email, MAIL_SUBJECTS.guessing));
    for (let attempt = 1; attempt <= ALERT_AFTER; attempt++) {
      await guess(account.email, `guess ${attempt}`);
      await guess(ghost, `guess ${attempt} at an unknown e-mail`);
    }
    const mail = await alerts.next();
    // A reset link.
    expect(mail.text).toContain(`${api.publicUrl}/reset`);
    for (const text of [...ips, ...guesses, userAgent, 'Guesser-', '<i>x']) {
      expect(mail.text).not.toContain(text);
      expect(mail.html ?? '').not.toContain(text);
    }

    for (let attempt = 1; attempt <= ALERT_AFTER; attempt++) {
      await guess(account.email, `more guesses ${attempt}`);
    }
    // Mails asked for after the guesses have arrived; no second alert came with them.
    const resetMail = expectNewMail(world.mailbox, mailTo(account.email, MAIL_SUBJECTS.reset));
    const reset = await api.client().post('/api/auth/password-reset', { email: account.email });
    assertStatus(reset, 202, 'a password reset request');
    await resetMail.next();
    await sleep(1000);
    // One alert in the window.
    expect(alerts.arrived()).toHaveLength(1);
    // Nothing is mailed to an unknown e-mail.
    expect(world.mailbox.find((received) => received.envelopeTo.includes(ghost))).toStrictEqual([]);
    await loginOk(api.client(newClientIp()), account.email, account.password);
  }, 90_000);
});

describe('behind one proxy named by its hop count (TRUST_PROXY=1)', () => {
  let proxied: IdentityApp;

  beforeAll(async () => {
    proxied = await world.startApp({
      name: 'login-throttling-hops',
      env: {
        TRUST_PROXY: '1',
        LOGIN_MAX_FAILURES_ACCOUNT_IP: String(PER_ACCOUNT_IP),
        LOGIN_SLOWDOWN_AFTER_FAILURES: String(SLOWDOWN_AFTER),
        LOGIN_THROTTLE_WINDOW_SECONDS: String(WINDOW_SECONDS),
      },
    });
  }, 90_000);

  afterAll(() => proxied?.stop(), 30_000);

  /**
   * A request as the proxy passes it on: X-Forwarded-For holds what the client wrote, then the
   * address the proxy saw it come from (the proxy appends; the app hears the proxy on 127.0.0.1).
   */
  const throughProxy = (clientIp: string, written: string) =>
    new HttpClient(proxied.baseUrl, { 'x-forwarded-for': `${written}, ${clientIp}` });

  test('a fresh X-Forwarded-For per request is no fresh client: the guesses are throttled, the owner is not', async () => {
    const account = await createAccount(proxied.client(), world.mailbox, proxied.publicUrl);
    const guesser = newClientIp();
    for (let attempt = 1; attempt <= PER_ACCOUNT_IP; attempt++) {
      await assertLoginFailed(
        await login(throughProxy(guesser, newClientIp()), account.email, strongPassword()),
        `failure ${attempt}, another address written each time`,
      );
    }
    assertThrottled(
      await login(throughProxy(guesser, newClientIp()), account.email, strongPassword()),
      WINDOW_SECONDS,
      'one more guess, yet another address written',
    );
    // The owner, elsewhere, is not taken for the guesser, even writing the guesser's address.
    await loginOk(throughProxy(newClientIp(), guesser), account.email, account.password);
  }, 60_000);
});
