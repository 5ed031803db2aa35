/**
 * A real OpenID Connect provider (`oidc-provider`) on http://127.0.0.1:PORT standing in for Google in
 * tests. Its users are set by the test (`addUser`), and the login + consent interaction is automated:
 * the next authorization signs in the user named by `signInNext(sub)` and grants what the client
 * asked for. `tamperIdTokens(fn)` re-signs the ID tokens of the token endpoint's answers with the
 * provider's own key after `fn` changed their claims (a wrong audience, issuer, expiry…).
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import Provider, { type Configuration, interactionPolicy } from 'oidc-provider';
import { getFreePort, listenLocally } from './net.js';

export interface ProviderUser {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface ProviderClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Default client_secret_post (openid-client's default); client_secret_basic also works. */
  token_endpoint_auth_method?: 'client_secret_post' | 'client_secret_basic';
}

export type IdTokenClaims = Record<string, unknown>;

export interface TestOidcProvider {
  /** http://127.0.0.1:PORT, the issuer. */
  issuer: string;
  port: number;
  addUser(sub: string, user: ProviderUser): void;
  /** The user the next authorization signs in. */
  signInNext(sub: string): void;
  /** Changes the claims of the ID tokens the token endpoint issues (undefined: stop). */
  tamperIdTokens(transform: ((claims: IdTokenClaims) => IdTokenClaims) | undefined): void;
  /** The ID tokens' claims as issued to the relying party (after any tampering), oldest first. */
  readonly issuedIdTokens: readonly IdTokenClaims[];
  /** What went wrong inside the provider (errors it rendered or logged), for assertions' messages. */
  readonly errors: readonly string[];
  close(): Promise<void>;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function resign(
  jwt: string,
  privateKey: KeyObject,
  transform: (claims: IdTokenClaims) => IdTokenClaims,
): string {
  const [header, payload] = jwt.split('.');
  if (!header || !payload) throw new Error(`not a JWS: ${jwt}`);
  const protectedHeader = decodePart(header);
  if (protectedHeader.alg !== 'RS256') {
    throw new Error(`the test provider signs with RS256, not ${String(protectedHeader.alg)}`);
  }
  const signingInput = `${header}.${b64url(JSON.stringify(transform(decodePart(payload))))}`;
  const signature = sign('sha256', Buffer.from(signingInput), privateKey);
  return `${signingInput}.${b64url(signature)}`;
}

/** oidc-provider's policy plus Google's `prompt=select_account` (resolved by the interaction). */
function googleLikePolicy(): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));
  return policy;
}

export async function startOidcProvider(options: {
  clients: ProviderClient[];
  port?: number;
}): Promise<TestOidcProvider> {
  const port = options.port ?? (await getFreePort());
  const issuer = `http://127.0.0.1:${port}`;
  const users = new Map<string, ProviderUser>();
  const errors: string[] = [];
  const issuedIdTokens: IdTokenClaims[] = [];
  let nextSub: string | undefined;
  let transform: ((claims: IdTokenClaims) => IdTokenClaims) | undefined;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'test-key-1',
    alg: 'RS256',
    use: 'sig',
  };

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      ...client,
      token_endpoint_auth_method: client.token_endpoint_auth_method ?? 'client_secret_post',
      response_types: ['code'],
      grant_types: ['authorization_code'],
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the e-mail claims are in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: {
      policy: googleLikePolicy(),
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...user }) };
    },
    renderError: (ctx, out) => {
      errors.push(JSON.stringify(out));
      ctx.type = 'json';
      ctx.body = out;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => errors.push(`server_error: ${String(error)}`));
  provider.on('grant.error', (_ctx, error) => errors.push(`grant.error: ${String(error)}`));
  const callback = provider.callback();

  const finishInteraction = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const sub = nextSub;
    if (!sub || !users.has(sub)) {
      res.statusCode = 500;
      res.end(`the test did not choose a known user to sign in (got ${String(sub)})`);
      return;
    }
    const clientId = String(details.params.client_id);
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ accountId: sub, clientId }))
      : new provider.Grant({ accountId: sub, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { select_account: {}, login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  /** Records (and, when asked, re-signs) the ID token of a token endpoint answer. */
  const watchTokenResponse = (res: http.ServerResponse) => {
    const originalEnd = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
    res.end = ((...args: unknown[]) => {
      const [chunk] = args;
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
        try {
          const body = JSON.parse(Buffer.from(chunk).toString('utf8')) as Record<string, unknown>;
          const idToken = body.id_token;
          if (typeof idToken === 'string') {
            if (transform) {
              const resigned = resign(idToken, privateKey, transform);
              const text = JSON.stringify({ ...body, id_token: resigned });
              res.setHeader('content-length', Buffer.byteLength(text));
              issuedIdTokens.push(decodePart(resigned.split('.')[1] ?? ''));
              return originalEnd(text);
            }
            issuedIdTokens.push(decodePart(idToken.split('.')[1] ?? ''));
          }
        } catch (error) {
          errors.push(`could not read the token response: ${String(error)}`);
        }
      }
      return originalEnd(...args);
    }) as typeof res.end;
  };

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path.startsWith('/interaction/')) {
      finishInteraction(req, res).catch((error: unknown) => {
        errors.push(`interaction: ${String(error)}`);
        if (!res.headersSent) res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    if (req.method === 'POST' && path === '/token') watchTokenResponse(res);
    void callback(req, res);
  });
  await listenLocally(server, port);

  return {
    issuer,
    port,
    addUser: (sub, user) => users.set(sub, user),
    signInNext: (sub) => {
      nextSub = sub;
    },
    tamperIdTokens: (fn) => {
      transform = fn;
    },
    get issuedIdTokens() {
      return issuedIdTokens;
    },
    get errors() {
      return errors;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
