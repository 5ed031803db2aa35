import { Inject, Injectable } from '@nestjs/common';
import type { AxiosAdapter } from 'axios';
import type {
  ApiError,
  OAuthToken,
  OrdersController,
  PaymentsController,
  SubscriptionsController,
} from '@paypal/paypal-server-sdk';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { paypalSettings, type PaypalSettings } from '../domain/paypal-settings.js';

const PAYPAL_ORIGINS = {
  live: 'https://api-m.paypal.com',
  sandbox: 'https://api-m.sandbox.paypal.com',
} as const;
const TIMEOUT_MS = 15_000;
/** A token is renewed this long before PayPal says it expires (PayPal's last ~9 hours). */
const RENEW_BEFORE_MS = 5 * 60_000;

/** PayPal's answer to a failed call, as the use cases read it. */
export interface PaypalFailure {
  status: number;
  /** PayPal's error name (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND…) and the issues it lists. */
  name: string;
  issues: string[];
}

/** What PayPal answered, or null when the error was not PayPal's answer (unreachable, timeout). */
export function paypalFailure(error: unknown): PaypalFailure | null {
  const sdkError = sdkApiError !== undefined && error instanceof sdkApiError;
  if (!sdkError && !(error instanceof PaypalCallError)) return null;
  const answer = error as ApiError | PaypalCallError;
  const result = answer.result as { name?: string; details?: { issue?: string }[] } | undefined;
  return {
    status: answer instanceof PaypalCallError ? answer.status : answer.statusCode,
    name: result?.name ?? '',
    issues: (result?.details ?? []).map((detail) => detail.issue ?? '').filter(Boolean),
  };
}

/** PayPal answered a call made without the SDK (`PaypalRest.call`) with an error status. */
export class PaypalCallError extends Error {
  constructor(
    readonly status: number,
    readonly result: { name?: string; details?: { issue?: string }[] } | undefined,
  ) {
    super(`PayPal answered HTTP ${status}`);
  }
}

/** The SDK's error class, once the SDK has been read (before that, no error can be one). */
let sdkApiError: typeof ApiError | undefined;

type PaypalSdk = typeof import('@paypal/paypal-server-sdk');

/** The SDK's controllers, and the SDK itself for its enums. */
export interface PaypalApi {
  readonly sdk: PaypalSdk;
  readonly orders: OrdersController;
  readonly payments: PaymentsController;
  readonly subscriptions: SubscriptionsController;
}

/**
 * PayPal's REST API through the official SDK (@paypal/paypal-server-sdk): Orders v2, captured
 * payments and Subscriptions, plus the two calls the SDK lacks (the webhook signature check and
 * catalog products), made with the same token and origin. One OAuth token is shared by every call and
 * kept until shortly before it expires.
 * The SDK knows only PayPal's two origins; in simulator mode (or with PAYPAL_API_URL) its requests are
 * re-addressed to the configured origin by an axios adapter, so the very same SDK calls reach the
 * simulator. The SDK (and axios) is read on the first call that needs it: a worker at rest, or a
 * process that never pays, holds none of it.
 */
@Injectable()
export class PaypalRest {
  readonly settings: PaypalSettings;
  private readonly mode: AppConfig['PAYPAL_MODE'];
  private sdkApi: Promise<PaypalApi> | undefined;
  private token: { value: OAuthToken; renewAt: number } | undefined;
  private fetching: Promise<OAuthToken> | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = paypalSettings(config);
    this.mode = config.PAYPAL_MODE;
  }

  /** The SDK's controllers, made on first use. */
  api(): Promise<PaypalApi> {
    this.sdkApi ??= this.makeApi().catch((error: unknown) => {
      this.sdkApi = undefined;
      throw error;
    });
    return this.sdkApi;
  }

  private async makeApi(): Promise<PaypalApi> {
    const [sdk, { default: axios }] = await Promise.all([
      import('@paypal/paypal-server-sdk'),
      import('axios'),
    ]);
    sdkApiError = sdk.ApiError;
    const live = this.mode === 'live';
    const origin = PAYPAL_ORIGINS[live ? 'live' : 'sandbox'];
    const client = new sdk.Client({
      environment: live ? sdk.Environment.Production : sdk.Environment.Sandbox,
      timeout: TIMEOUT_MS,
      clientCredentialsAuthCredentials: {
        oAuthClientId: this.settings.clientId,
        oAuthClientSecret: this.settings.clientSecret,
        // The SDK's calls use the same token as the others (fetched by accessToken, without the SDK).
        oAuthTokenProvider: () => this.accessToken(),
      },
      unstable_httpClientOptions:
        this.settings.apiUrl === origin
          ? undefined
          : { adapter: readdressed(axios.getAdapter('http'), origin, this.settings.apiUrl) },
    });
    return {
      sdk,
      orders: new sdk.OrdersController(client),
      payments: new sdk.PaymentsController(client),
      subscriptions: new sdk.SubscriptionsController(client),
    };
  }

  /** The cached token, or a new one (one request however many calls ask at once). */
  async accessToken(): Promise<OAuthToken> {
    if (this.token && Date.now() < this.token.renewAt) return this.token.value;
    this.fetching ??= this.fetchToken()
      .then((value) => {
        const lifetimeMs = Number(value.expiresIn ?? 0n) * 1000;
        this.token = { value, renewAt: Date.now() + Math.max(lifetimeMs - RENEW_BEFORE_MS, 0) };
        return value;
      })
      .finally(() => (this.fetching = undefined));
    return this.fetching;
  }

  /**
   * A new OAuth token (client credentials, `/v1/oauth2/token`), by a plain request: the calls the SDK
   * lacks (a webhook's signature check) need no SDK. PayPal's refusal throws a PaypalCallError.
   */
  private async fetchToken(): Promise<OAuthToken> {
    const { apiUrl, clientId, clientSecret } = this.settings;
    const response = await fetch(`${apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    let answer: {
      access_token?: unknown;
      token_type?: unknown;
      expires_in?: unknown;
      error?: unknown;
    };
    try {
      answer = (await response.json()) as typeof answer;
    } catch {
      answer = {};
    }
    if (!response.ok || typeof answer.access_token !== 'string') {
      const name = typeof answer.error === 'string' ? answer.error : undefined;
      throw new PaypalCallError(response.status, { name });
    }
    const expiresIn = typeof answer.expires_in === 'number' ? BigInt(answer.expires_in) : 0n;
    return {
      accessToken: answer.access_token,
      tokenType: typeof answer.token_type === 'string' ? answer.token_type : 'Bearer',
      expiresIn,
      // The SDK asks for a new token once this is past (its own check).
      expiry: BigInt(Math.floor(Date.now() / 1000)) + expiresIn,
    };
  }

  /**
   * PayPal's verdict on a webhook event's signature (`/v1/notifications/verify-webhook-signature`):
   * true only for SUCCESS. Throws when PayPal cannot be reached (the job is retried).
   */
  async verifyWebhookSignature(headers: Record<string, string>, event: unknown): Promise<boolean> {
    const answer = await this.call<{ verification_status?: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      {
        auth_algo: headers['paypal-auth-algo'] ?? '',
        cert_url: headers['paypal-cert-url'] ?? '',
        transmission_id: headers['paypal-transmission-id'] ?? '',
        transmission_sig: headers['paypal-transmission-sig'] ?? '',
        transmission_time: headers['paypal-transmission-time'] ?? '',
        webhook_id: this.settings.webhookId,
        webhook_event: event,
      },
    );
    return answer.verification_status === 'SUCCESS';
  }

  /** Creates a catalog product (Catalog Products v1, not in the SDK); one per request id. */
  async createCatalogProduct(
    product: { name: string; description?: string },
    requestId: string,
  ): Promise<{ id: string }> {
    const created = await this.call<{ id?: string }>(
      'POST',
      '/v1/catalogs/products',
      { ...product, type: 'SERVICE', category: 'SOFTWARE' },
      requestId,
    );
    if (!created.id) throw new Error('PayPal answered a product without an id');
    return { id: created.id };
  }

  /**
   * An authorised JSON call to PayPal's REST API for what the SDK lacks: PayPal's error answer
   * throws a PaypalCallError (read by paypalFailure), an unreachable PayPal the fetch's error.
   */
  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<T> {
    const token = await this.accessToken();
    const response = await fetch(`${this.settings.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'content-type': 'application/json',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      throw new PaypalCallError(response.status, json as PaypalCallError['result']);
    }
    return json as T;
  }
}

/** An axios adapter sending what the SDK addresses to `from` to `to` instead. */
function readdressed(http: AxiosAdapter, from: string, to: string): AxiosAdapter {
  return (config) =>
    http({
      ...config,
      url: config.url?.startsWith(from) ? to + config.url.slice(from.length) : config.url,
    });
}
