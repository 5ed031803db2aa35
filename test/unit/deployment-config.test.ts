/**
 * The settings a deployment must get right: no PayPal simulator in production unless a demo says so,
 * proxies named (a hop count or their addresses) instead of believing anyone's X-Forwarded-For, and
 * the metrics' own listener.
 */
import { describe, expect, it } from '@jest/globals';
import {
  ConfigError,
  DEVELOPMENT_TOTP_SECRET_KEY,
  parseConfig,
} from '../../src/platform/config/app-config.js';
import { trustProxyOption } from '../../src/platform/http/trust-proxy.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  TOTP_SECRET_KEY: 'q0Yp3x9u4FzJ8k2b5m7n1v6c0s3d9f8g7h6j5k4l3m2=',
};
const LIVE_SHOP = { ...PRODUCTION, PAYPAL_MODE: 'live' };

/** The one-line refusal, naming `variable` first. */
const refusal = (variable: string, rest: string) =>
  new RegExp(`^Invalid configuration: ${variable} ${rest}[^\\n]*$`);

describe('PayPal in production', () => {
  it('without configuration outside production, takes payments with the simulator', () => {
    expect(parseConfig({}).PAYPAL_MODE).toBe('simulator');
    expect(parseConfig({ NODE_ENV: 'development' }).PAYPAL_MODE).toBe('simulator');
    expect(parseConfig({ NODE_ENV: 'test' }).PAYPAL_MODE).toBe('simulator');
  });

  it('refuses to start in production without PAYPAL_MODE, naming it in one line', () => {
    const start = () => parseConfig(PRODUCTION);
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(refusal('PAYPAL_MODE', 'is required with NODE_ENV=production'));
    expect(start).toThrow(/\(unset\)$/);
    // docker compose writes a missing variable as an empty string: that is no choice either.
    expect(() => parseConfig({ ...PRODUCTION, PAYPAL_MODE: '' })).toThrow(
      refusal('PAYPAL_MODE', 'is required with NODE_ENV=production'),
    );
  });

  it('refuses the simulator in production, saying what to set instead', () => {
    const start = () => parseConfig({ ...PRODUCTION, PAYPAL_MODE: 'simulator' });
    expect(start).toThrow(refusal('PAYPAL_MODE', 'must not be simulator with NODE_ENV=production'));
    expect(start).toThrow(/set live \(or sandbox\)/);
    expect(start).toThrow(/PAYPAL_SIMULATOR_IN_PRODUCTION=yes-no-real-money/);
  });

  it('runs a demo shop on the simulator in production only with the exact consent', () => {
    const demo = parseConfig({
      ...PRODUCTION,
      PAYPAL_MODE: 'simulator',
      PAYPAL_SIMULATOR_IN_PRODUCTION: 'yes-no-real-money',
    });
    expect(demo.PAYPAL_MODE).toBe('simulator');
    for (const consent of ['yes', 'true', '1']) {
      expect(() =>
        parseConfig({
          ...PRODUCTION,
          PAYPAL_MODE: 'simulator',
          PAYPAL_SIMULATOR_IN_PRODUCTION: consent,
        }),
      ).toThrow(refusal('PAYPAL_SIMULATOR_IN_PRODUCTION', 'must be yes-no-real-money'));
    }
  });

  it('starts in production against PayPal itself', () => {
    expect(parseConfig(LIVE_SHOP).PAYPAL_MODE).toBe('live');
    expect(parseConfig({ ...PRODUCTION, PAYPAL_MODE: 'sandbox' }).PAYPAL_MODE).toBe('sandbox');
  });
});

describe('TOTP_SECRET_KEY', () => {
  it('is required in production, named in one line with how to make one', () => {
    const start = () => parseConfig({ NODE_ENV: 'production', PAYPAL_MODE: 'live' });
    expect(start).toThrow(refusal('TOTP_SECRET_KEY', 'is required with NODE_ENV=production'));
    expect(start).toThrow(/openssl rand -base64 32/);
  });

  it('must be 32 bytes in base64', () => {
    for (const key of ['secret', Buffer.alloc(16).toString('base64'), `${'A'.repeat(43)}!`]) {
      expect(() => parseConfig({ ...LIVE_SHOP, TOTP_SECRET_KEY: key })).toThrow(
        refusal('TOTP_SECRET_KEY', 'must be 32 bytes in base64'),
      );
    }
    expect(parseConfig(LIVE_SHOP).TOTP_SECRET_KEY).toBe(PRODUCTION.TOTP_SECRET_KEY);
  });

  it('outside production, a development key keeps the start free of configuration', () => {
    expect(parseConfig({}).TOTP_SECRET_KEY).toBe(DEVELOPMENT_TOTP_SECRET_KEY);
  });
});

describe('TRUST_PROXY', () => {
  it('believes no X-Forwarded-For by default, nor with false or 0', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('refuses true at start-up, saying what to write instead', () => {
    const start = () => parseConfig({ TRUST_PROXY: 'true' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(refusal('TRUST_PROXY', 'may no longer be true'));
    expect(start).toThrow(/give the number of proxies in front \(e\.g\. 1\) or their addresses/);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      parseConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8,::1,loopback' }).TRUST_PROXY,
    ).toStrictEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1', 'loopback']);
  });

  it('refuses what is neither, naming the variable', () => {
    for (const value of [
      'yes',
      'proxy.internal',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/8',
      '1.5',
    ]) {
      expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(
        refusal('TRUST_PROXY', 'is not understood'),
      );
    }
  });

  it('with a hop count, the client is the address the nearest proxies added, not what it wrote', () => {
    const trust = trustProxyOption(1);
    if (typeof trust !== 'function') throw new Error('a hop count must become a function');
    // proxy-addr walks from the socket (hop 0) leftwards through X-Forwarded-For.
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.5', 1)).toBe(false);
    const two = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => two('10.0.0.1', hop))).toStrictEqual([true, true, false]);
    // A list goes to Fastify as it is; false trusts nobody.
    expect(trustProxyOption(['10.0.0.0/8'])).toStrictEqual(['10.0.0.0/8']);
    expect(trustProxyOption(false)).toBe(false);
  });
});

describe('METRICS_PORT', () => {
  it('is unset by default, a port when given, and never the public port', () => {
    expect(parseConfig({}).METRICS_PORT).toBe(undefined);
    expect(parseConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => parseConfig({ METRICS_PORT: '3000' })).toThrow(
      refusal('METRICS_PORT', 'must differ from PORT'),
    );
    for (const value of ['0', 'metrics', '70000']) {
      expect(() => parseConfig({ METRICS_PORT: value })).toThrow(
        refusal('METRICS_PORT', 'must be a port number'),
      );
    }
  });
});

describe('the SEO check’s private targets', () => {
  it('are refused by default, allowed on request outside production', () => {
    expect(parseConfig({}).SEO_CHECK_ALLOW_PRIVATE_TARGETS).toBe(false);
    const test = { NODE_ENV: 'test', SEO_CHECK_ALLOW_PRIVATE_TARGETS: 'true' };
    expect(parseConfig(test).SEO_CHECK_ALLOW_PRIVATE_TARGETS).toBe(true);
  });

  it('stop a production start, naming the variable', () => {
    const start = () => parseConfig({ ...LIVE_SHOP, SEO_CHECK_ALLOW_PRIVATE_TARGETS: 'true' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(
      refusal('SEO_CHECK_ALLOW_PRIVATE_TARGETS', 'must not be true with NODE_ENV=production'),
    );
  });
});
