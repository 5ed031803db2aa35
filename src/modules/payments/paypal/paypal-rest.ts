import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  Client,
  type ClientCredentialsAuthManager,
  Environment,
  type OAuthToken,
  OrdersController,
  PaymentsController,
  SubscriptionsController,
} from '@paypal/paypal-server-sdk';
import axios, { type AxiosAdapter } from 'axios';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { paypalSettings, type PaypalSettings } from '../domain/paypal-settings.js';

const PAYPAL_ORIGINS = {
  [Environment.Production]: 'https://api-m.paypal.com',
  [Environment.Sandbox]: 'https://api-m.sandbox.paypal.com',
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
  if (!(error instanceof ApiError) && !(error instanceof PaypalCallError)) return null;
  const result = error.result as { name?: string; details?: { issue?: string }[] } | undefined;
  return {
    status: error instanceof ApiError ? error.statusCode : error.status,
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

/**
 * PayPal's REST API through the official SDK (@paypal/paypal-server-sdk): Orders v2, captured
 * payments and Subscriptions, plus the two calls the SDK lacks (the webhook signature check and
 * catalog products), made with the same token and origin. One OAuth token is shared by every call and
 * kept until shortly before it expires.
 * The SDK knows only PayPal's two origins; in simulator mode (or with PAYPAL_API_URL) its requests are
 * re-addressed to the configured origin by an axios adapter, so the very same SDK calls reach the
 * simulator.
 */
@Injectable()
export class PaypalRest {
  readonly settings: PaypalSettings;
  readonly orders: OrdersController;
  readonly payments: PaymentsController;
  readonly subscriptions: SubscriptionsController;
  private token: { value: OAuthToken; renewAt: number } | undefined;
  private fetching: Promise<OAuthToken> | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = paypalSettings(config);
    const environment =
      config.PAYPAL_MODE === 'live' ? Environment.Production : Environment.Sandbox;
    const origin = PAYPAL_ORIGINS[environment];
    const client = new Client({
      environment,
      timeout: TIMEOUT_MS,
      clientCredentialsAuthCredentials: {
        oAuthClientId: this.settings.clientId,
        oAuthClientSecret: this.settings.clientSecret,
        oAuthTokenProvider: (_last, manager) => this.accessToken(manager),
      },
      unstable_httpClientOptions:
        this.settings.apiUrl === origin
          ? undefined
          : { adapter: readdressed(origin, this.settings.apiUrl) },
    });
    this.orders = new OrdersController(client);
    this.payments = new PaymentsController(client);
    this.subscriptions = new SubscriptionsController(client);
    this.authManager = client.clientCredentialsAuthManager;
  }

  private readonly authManager: ClientCredentialsAuthManager;

  /** The cached token, or a new one (one request however many calls ask at once). */
  accessToken(manager: ClientCredentialsAuthManager = this.authManager): Promise<OAuthToken> {
    if (this.token && Date.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    this.fetching ??= manager
      .fetchToken()
      .then((value) => {
        const lifetimeMs = Number(value.expiresIn ?? 0n) * 1000;
        this.token = { value, renewAt: Date.now() + Math.max(lifetimeMs - RENEW_BEFORE_MS, 0) };
        return value;
      })
      .finally(() => (this.fetching = undefined));
    return this.fetching;
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
function readdressed(from: string, to: string): AxiosAdapter {
  const http = axios.getAdapter('http');
  return (config) =>
    http({
      ...config,
      url: config.url?.startsWith(from) ? to + config.url.slice(from.length) : config.url,
    });
}
