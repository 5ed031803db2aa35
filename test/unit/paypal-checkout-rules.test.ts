import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { PAYPAL_SIMULATOR_ROOT } from '../../src/contracts/paypal-simulator.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { checkCapture } from '../../src/modules/payments/domain/paypal.js';
import {
  paypalSettings,
  resolveIntegration,
} from '../../src/modules/payments/domain/paypal-settings.js';
import { PaypalRest } from '../../src/modules/payments/paypal/paypal-rest.js';

const order = { id: '6f1e0c1e-0000-4000-8000-000000000001', packagePrice: '499.00' };
const capture = (fields: Partial<Parameters<typeof checkCapture>[0]> = {}) => ({
  captureId: '2GG279541U471931P',
  status: 'COMPLETED',
  amount: '499.00',
  currency: 'USD',
  payee: 'Payments@Agency.test',
  ...fields,
});

describe('the checks of a PayPal Checkout capture (the same rules as IPN)', () => {
  it('applies a completed capture of the price, in USD, paid to our receiving e-mail (any case)', () => {
    expect(checkCapture(capture(), order, 'payments@agency.test')).toStrictEqual({
      outcome: 'apply',
      captureId: '2GG279541U471931P',
      amount: '499.00',
    });
  });

  it('waits while PayPal holds the capture as pending', () => {
    expect(checkCapture(capture({ status: 'PENDING' }), order, 'payments@agency.test')).toEqual({
      outcome: 'pending',
    });
  });

  it.each([
    ['another amount', { amount: '1.00' }, "amount 1.00 is not the order's price 499.00"],
    ['another currency', { currency: 'EUR' }, 'currency_code EUR is not USD'],
    [
      'another payee',
      { payee: 'someone@else.test' },
      'payee someone@else.test is not our PayPal e-mail',
    ],
    ['a declined capture', { status: 'DECLINED' }, 'capture status is DECLINED, not COMPLETED'],
  ])('flags %s, never applies it', (_, fields, reason) => {
    const check = checkCapture(capture(fields), order, 'payments@agency.test');
    expect(check.outcome).toBe('mismatch');
    expect(check).toMatchObject({ reason: expect.stringContaining(reason) });
  });

  it('flags every capture while no receiving e-mail is stored', () => {
    expect(checkCapture(capture({ payee: null }), order, null).outcome).toBe('mismatch');
  });
});

const config = (values: Partial<AppConfig>) =>
  ({ PAYPAL_MODE: 'simulator', PUBLIC_URL: 'http://localhost:3000', ...values }) as AppConfig;

describe('which payment adapter a shop uses', () => {
  it('is Checkout in simulator mode and with REST credentials, Standard with a receiving e-mail only', () => {
    expect(resolveIntegration(config({}))).toBe('checkout');
    expect(resolveIntegration(config({ PAYPAL_MODE: 'live' }))).toBe('standard');
    expect(
      resolveIntegration(
        config({ PAYPAL_MODE: 'live', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }),
      ),
    ).toBe('checkout');
    expect(resolveIntegration(config({ PAYMENT_INTEGRATION: 'standard' }))).toBe('standard');
  });

  it('talks to PayPal, its sandbox, or the simulator served by the shop', () => {
    expect(paypalSettings(config({ PAYPAL_MODE: 'live' })).apiUrl).toBe('https://api-m.paypal.com');
    expect(paypalSettings(config({ PAYPAL_MODE: 'sandbox' })).apiUrl).toBe(
      'https://api-m.sandbox.paypal.com',
    );
    expect(paypalSettings(config({})).apiUrl).toBe('http://localhost:3000/paypal-simulator');
    expect(paypalSettings(config({})).webhookUrl).toBe(
      'http://localhost:3000/api/payments/paypal/webhook',
    );
  });
});

describe("PayPal's OAuth token", () => {
  /** PayPal's token endpoint on a local port: each token lasts `expiresIn` seconds. */
  async function tokenEndpoint(expiresIn: number) {
    const requests: { authorization?: string; body: string }[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ authorization: request.headers.authorization, body });
        const ok = request.url === `${PAYPAL_SIMULATOR_ROOT}/v1/oauth2/token`;
        response.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            ok
              ? {
                  access_token: `token-${requests.length}`,
                  token_type: 'Bearer',
                  expires_in: expiresIn,
                }
              : { error: 'not_found' },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const rest = new PaypalRest(config({ PUBLIC_URL: `http://127.0.0.1:${port}` }));
    return { rest, requests, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('is fetched with the client credentials, once however many calls ask at once, then reused', async () => {
    const { rest, requests, close } = await tokenEndpoint(32_400);
    try {
      const tokens = await Promise.all(Array.from({ length: 5 }, () => rest.accessToken()));
      expect(new Set(tokens.map((token) => token.accessToken))).toEqual(new Set(['token-1']));
      expect((await rest.accessToken()).accessToken).toBe('token-1');
      expect(requests).toHaveLength(1);
      const { clientId, clientSecret } = rest.settings;
      expect(requests[0]).toStrictEqual({
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        body: 'grant_type=client_credentials',
      });
    } finally {
      await close();
    }
  });

  it('is renewed once it is within five minutes of expiring', async () => {
    // A token PayPal says lasts 4 minutes is already inside the renewal margin.
    const { rest, requests, close } = await tokenEndpoint(240);
    try {
      expect((await rest.accessToken()).accessToken).toBe('token-1');
      expect((await rest.accessToken()).accessToken).toBe('token-2');
      expect(requests).toHaveLength(2);
    } finally {
      await close();
    }
  });
});
