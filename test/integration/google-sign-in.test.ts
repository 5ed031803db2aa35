/**
 * "Sign in with Google" against a real OpenID Connect provider (oidc-provider, test/support/
 * oidc-provider.ts) on http://127.0.0.1, with GOOGLE_ISSUER pointing at it. The browser is a
 * cookie-keeping fetch client that follows the redirects step by step, so a test can tamper with
 * the authorization request, the callback or the ID token on the way.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/google-sign-in.test.ts
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  assertSignedOut,
  assertStatus,
  createAccount,
  getSession,
  loginOk,
  sessionAccount,
  strongPassword,
  uid,
  uniqueEmail,
} from '../support/identity.js';
import { totpCode } from '../../src/modules/identity/domain/totp.js';
import type { IdentityApp } from '../support/identity-suite.js';
import { getFreePort } from '../support/net.js';
import { useWorld } from '../support/world.js';
import {
  type IdTokenClaims,
  startOidcProvider,
  type TestOidcProvider,
} from '../support/oidc-provider.js';

const world = useWorld();

const CLIENT_ID = 'seo-agency-web';
const CLIENT_SECRET = `secret-${uid()}-${uid()}`;
const CALLBACK_PATH = '/api/auth/google/callback';
const SESSION_COOKIE = 'sid';

interface FlowTampering {
  /** Changes the authorization URL before the browser goes to the provider. */
  authorizationUrl?: (url: URL) => void;
  /** Changes the callback URL before the browser comes back to the app. */
  callbackUrl?: (url: URL) => void;
  /** Comes back with another browser (no flow cookie). */
  callbackClient?: HttpClient;
}

interface FlowResult {
  /** The app's answer to the callback (or to the start, when the provider was never reached). */
  response: HttpResponse;
  /** Where the app sent the browser after the callback (resolved). */
  location: URL | undefined;
  /** The callback URL as the provider sent it (before tampering). */
  callbackUrl: string | undefined;
  /** The authorization URL as the app sent it (before tampering). */
  authorizationUrl: string;
  /** A copy of the browser made just before it came back to the app (its flow cookie and all). */
  twin: HttpClient | undefined;
}

describe('Google sign-in with a configured provider', () => {
  let provider: TestOidcProvider;
  let api: IdentityApp;

  beforeAll(async () => {
    const port = await getFreePort();
    const redirectUri = `http://127.0.0.1:${port}${CALLBACK_PATH}`;
    provider = await startOidcProvider({
      clients: [
        { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri] },
        // Another relying party of the same provider (whose tokens must not work here).
        {
          client_id: 'another-client',
          client_secret: `other-${uid()}-${uid()}`,
          redirect_uris: [redirectUri],
        },
      ],
    });
    api = await world.startApp({
      name: 'google',
      port,
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        GOOGLE_ISSUER: provider.issuer,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
    await provider?.close();
  }, 30_000);

  /** A Google user known to the provider, signed in at its next authorization. */
  function googleUser(email: string, emailVerified = true): { sub: string; email: string } {
    const sub = `google-${uid()}${uid()}`;
    provider.addUser(sub, { email, email_verified: emailVerified, name: 'Test User' });
    provider.signInNext(sub);
    return { sub, email };
  }

  /** Runs the whole redirect dance with `browser`, optionally tampering on the way. */
  async function signInWithGoogle(
    browser: HttpClient,
    returnTo: string | undefined,
    tampering: FlowTampering = {},
  ): Promise<FlowResult> {
    const start = await browser.get(
      returnTo === undefined
        ? '/api/auth/google'
        : `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`,
    );
    assertStatus(start, 302, 'GET /api/auth/google');
    if (!start.location) throw new Error('expected a Location from GET /api/auth/google');
    const authorizationUrl = start.location;
    // To the provider: the URL starts with its issuer.
    expect(authorizationUrl.slice(0, provider.issuer.length + 1)).toBe(`${provider.issuer}/`);
    const authorization = new URL(authorizationUrl);
    expect(authorization.searchParams.get('client_id')).toBe(CLIENT_ID);
    // The redirect URI is PUBLIC_URL + /api/auth/google/callback.
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${api.publicUrl}${CALLBACK_PATH}`);
    for (const param of ['state', 'nonce']) {
      // The authorization request has a (non-empty) state and nonce.
      expect({ [param]: authorization.searchParams.get(param) }).toStrictEqual({
        [param]: expect.stringMatching(/./s),
      });
    }
    tampering.authorizationUrl?.(authorization);

    const callbackPrefix = `${api.publicUrl}${CALLBACK_PATH}`;
    const atProvider = await browser.followRedirects(authorization.toString(), (next) =>
      next.startsWith(callbackPrefix),
    );
    if (!atProvider.stoppedAt) {
      return {
        response: atProvider.last,
        location: undefined,
        callbackUrl: undefined,
        authorizationUrl,
        twin: undefined,
      };
    }
    const callback = new URL(atProvider.stoppedAt);
    tampering.callbackUrl?.(callback);
    const twin = browser.clone();
    const response = await (tampering.callbackClient ?? browser).get(callback.toString());
    return {
      response,
      location: response.location ? new URL(response.location) : undefined,
      callbackUrl: atProvider.stoppedAt,
      authorizationUrl,
      twin,
    };
  }

  /** A 302 or 303: the answer and the provider's errors stand beside it, so a failure shows them. */
  function expectRedirect(response: HttpResponse, what: string) {
    const context = {
      what,
      status: response.status,
      answer: response.text.slice(0, 300),
      providerErrors: [...provider.errors],
    };
    expect({ ...context, redirect: [302, 303].includes(response.status) }).toStrictEqual({
      ...context,
      redirect: true,
    });
  }

  function assertRefused(result: FlowResult, code: 'failed' | 'email-unverified', what: string) {
    expectRedirect(result.response, what);
    if (!result.location) throw new Error(`${what}: expected a Location`);
    // On the site, to /login?error=<code>.
    expect(result.location.origin).toBe(new URL(api.baseUrl).origin);
    expect(result.location.pathname).toBe('/login');
    expect(result.location.searchParams.get('error')).toBe(code);
    // No session cookie.
    expect(
      result.response.setCookies.filter(
        (cookie) => cookie.name.endsWith(SESSION_COOKIE) && cookie.value,
      ),
    ).toHaveLength(0);
  }

  function assertSignedInRedirect(result: FlowResult, returnTo: string) {
    expectRedirect(result.response, `back to ${returnTo}`);
    if (!result.location) throw new Error('expected a Location');
    // Back on the site, at returnTo.
    expect(result.location.origin).toBe(new URL(api.baseUrl).origin);
    expect(`${result.location.pathname}${result.location.search}`).toBe(returnTo);
  }

  const googleSubOf = async (email: string) => {
    const { rows } = await world.db.query<{ id: string; google_sub: string | null }>(
      'SELECT id, google_sub FROM account WHERE lower(email) = lower($1)',
      [email],
    );
    return rows;
  };

  test('GET /api/auth/session says googleSignIn only when configured; else /api/auth/google is 404', async () => {
    expect((await getSession(api.client())).googleSignIn).toBe(true);
    // Stopped at once: its worker would send the suite's mails with its own PUBLIC_URL.
    const unconfigured = await world.startApp({ name: 'no-google' });
    try {
      expect((await getSession(unconfigured.client())).googleSignIn).toBe(false);
      const response = await unconfigured.client().get('/api/auth/google?returnTo=/dashboard');
      assertStatus(response, 404, 'GET /api/auth/google without configuration');
    } finally {
      await unconfigured.stop();
    }
  }, 90_000);

  test('a new Google user gets an account, is signed in and sent back to returnTo', async () => {
    const user = googleUser(uniqueEmail('google'));
    const browser = api.client();
    const result = await signInWithGoogle(browser, '/dashboard?tab=orders');
    assertSignedInRedirect(result, '/dashboard?tab=orders');

    const account = await sessionAccount(browser);
    expect(account.email).toBe(user.email);
    expect(account.googleLinked).toBe(true);
    // Google verified the address.
    expect(account.emailVerified).toBe(true);
    expect(account.hasPassword).toBe(false);
    expect(await googleSubOf(user.email)).toStrictEqual([{ id: account.id, google_sub: user.sub }]);

    // The same callback again, flow cookie and all (a replayed code), signs nobody in.
    if (!result.callbackUrl || !result.twin) {
      throw new Error('expected the callback URL and a copy of the browser');
    }
    const replay = await result.twin.get(result.callbackUrl);
    assertRefused(
      { ...result, response: replay, location: new URL(replay.location ?? '/', api.baseUrl) },
      'failed',
      'a replayed callback',
    );
    await assertSignedOut(result.twin, 'after the replay');

    // Signing in again finds the same account.
    provider.signInNext(user.sub);
    const again = api.client();
    assertSignedInRedirect(await signInWithGoogle(again, '/dashboard'), '/dashboard');
    expect((await sessionAccount(again)).id).toBe(account.id);
    expect(await googleSubOf(user.email)).toHaveLength(1);
  });

  test('a verified Google e-mail is linked to the existing password account', async () => {
    const existing = await createAccount(api.client(), world.mailbox, api.publicUrl);
    const before = await loginOk(api.client(), existing.email, existing.password);
    const user = googleUser(existing.email.toUpperCase());

    const browser = api.client();
    assertSignedInRedirect(await signInWithGoogle(browser, '/dashboard'), '/dashboard');
    const account = await sessionAccount(browser);
    // The same account.
    expect(account.id).toBe(before.id);
    expect(account.googleLinked).toBe(true);
    expect(account.hasPassword).toBe(true);
    expect(await googleSubOf(existing.email)).toStrictEqual([
      { id: before.id, google_sub: user.sub },
    ]);
    await loginOk(api.client(), existing.email, existing.password);
  });

  test('an account with two-factor sign-in is asked for its code after Google too', async () => {
    const admin = api.client();
    await loginOk(admin, world.adminEmail, world.adminPassword);
    const email = uniqueEmail('google-staff');
    const password = strongPassword();
    assertStatus(
      await admin.post('/api/admin/users', {
        userEmail: email,
        accountSetup: 'password',
        password,
      }),
      201,
      'add staff',
    );
    const staff = api.client();
    await loginOk(staff, email, password);
    const setup = await staff.post('/api/account/two-factor/setup');
    const { secret } = setup.body as { secret: string };
    assertStatus(
      await staff.post('/api/account/two-factor/confirm', { code: totpCode(secret, Date.now()) }),
      200,
      'enrol',
    );
    googleUser(email);

    const browser = api.client();
    const result = await signInWithGoogle(browser, '/admin');
    expectRedirect(result.response, 'to the code step');
    // To the login page with a challenge (and where to go next), not signed in yet.
    expect(result.location?.pathname).toBe('/login');
    expect(result.location?.searchParams.get('next')).toBe('/admin');
    const challenge = result.location?.searchParams.get('challenge') ?? '';
    expect(challenge).toMatch(/^[\w-]{43}$/);
    await assertSignedOut(browser, 'before the code');
    const completed = await browser.post('/api/auth/login/two-factor', {
      challenge,
      code: totpCode(secret, Date.now() + 30_000),
    });
    assertStatus(completed, 200, 'the code step');
    expect((await sessionAccount(browser)).email).toBe(email);
  });

  test('an unverified Google e-mail is not linked to an existing account', async () => {
    const existing = await createAccount(api.client(), world.mailbox, api.publicUrl);
    googleUser(existing.email, false);
    const browser = api.client();
    const result = await signInWithGoogle(browser, '/dashboard');
    assertRefused(result, 'email-unverified', 'email_verified false');
    await assertSignedOut(browser, 'after the refused sign-in');
    const rows = await googleSubOf(existing.email);
    // No second account, and not linked.
    expect(rows).toHaveLength(1);
    expect(rows[0]?.google_sub).toBeNull();
  });

  test('a tampered state is refused', async () => {
    const user = googleUser(uniqueEmail('state'));
    const browser = api.client();
    const result = await signInWithGoogle(browser, '/dashboard', {
      callbackUrl: (url) => url.searchParams.set('state', `${url.searchParams.get('state')}x`),
    });
    assertRefused(result, 'failed', 'tampered state');
    await assertSignedOut(browser, 'after a tampered state');
    // No account.
    expect(await googleSubOf(user.email)).toStrictEqual([]);
  });

  test('a callback in another browser (no flow cookie: login CSRF) is refused', async () => {
    const user = googleUser(uniqueEmail('csrf'));
    const victim = api.client();
    const result = await signInWithGoogle(api.client(), '/dashboard', { callbackClient: victim });
    assertRefused(result, 'failed', 'a callback without the flow cookie');
    await assertSignedOut(victim, 'the other browser');
    // No account.
    expect(await googleSubOf(user.email)).toStrictEqual([]);
  });

  test('an error answer from the provider is refused', async () => {
    googleUser(uniqueEmail('denied'));
    const browser = api.client();
    const result = await signInWithGoogle(browser, '/dashboard', {
      callbackUrl: (url) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
      },
    });
    assertRefused(result, 'failed', 'error=access_denied');
    await assertSignedOut(browser, 'after access_denied');
  });

  test('a tampered nonce is refused', async () => {
    const user = googleUser(uniqueEmail('nonce'));
    const browser = api.client();
    const result = await signInWithGoogle(browser, '/dashboard', {
      authorizationUrl: (url) => url.searchParams.set('nonce', `evil-${uid()}${uid()}`),
    });
    assertRefused(result, 'failed', 'tampered nonce');
    await assertSignedOut(browser, 'after a tampered nonce');
    // No account.
    expect(await googleSubOf(user.email)).toStrictEqual([]);
    // The provider did issue the token, with the attacker's nonce: the app refused it.
    const issued = provider.issuedIdTokens.at(-1);
    // The token carried the tampered nonce.
    expect(issued).toBeDefined();
    expect(String(issued?.nonce)).toMatch(/^evil-/);
  });

  describe('ID tokens that do not check out', () => {
    afterAll(() => provider.tamperIdTokens(undefined));

    test('a re-signed but unchanged ID token is accepted (the tampering itself is sound)', async () => {
      const user = googleUser(uniqueEmail('resigned'));
      provider.tamperIdTokens((claims) => claims);
      const browser = api.client();
      assertSignedInRedirect(await signInWithGoogle(browser, '/dashboard'), '/dashboard');
      expect((await sessionAccount(browser)).email).toBe(user.email);
    });

    const cases: { name: string; change: (claims: IdTokenClaims) => IdTokenClaims }[] = [
      { name: 'another audience', change: (claims) => ({ ...claims, aud: 'another-client' }) },
      {
        name: 'an audience list without this client',
        change: (claims) => ({ ...claims, aud: ['another-client'], azp: 'another-client' }),
      },
      { name: 'another issuer', change: (claims) => ({ ...claims, iss: 'https://evil.example' }) },
      {
        name: 'an expired token',
        change: (claims) => ({
          ...claims,
          iat: Math.floor(Date.now() / 1000) - 7200,
          exp: Math.floor(Date.now() / 1000) - 3600,
        }),
      },
    ];
    for (const { name, change } of cases) {
      test(`${name} is refused`, async () => {
        const user = googleUser(uniqueEmail('token'));
        provider.tamperIdTokens(change);
        const browser = api.client();
        const result = await signInWithGoogle(browser, '/dashboard');
        assertRefused(result, 'failed', name);
        await assertSignedOut(browser, `after ${name}`);
        // No account.
        expect(await googleSubOf(user.email)).toStrictEqual([]);
      });
    }
  });

  for (const returnTo of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
    test(`returnTo ${returnTo} does not leave the site`, async () => {
      googleUser(uniqueEmail('return'));
      const browser = api.client();
      const result = await signInWithGoogle(browser, returnTo);
      if (!result.location) throw new Error(`expected a Location (${result.response.status})`);
      expect(result.location.origin).toBe(new URL(api.baseUrl).origin);
      expect(result.location.pathname).not.toMatch(/^\/\//);
      await sessionAccount(browser);
    });
  }
});
