import { describe, expect, it } from '@jest/globals';
import {
  ConfigError,
  defaultQueuePrefix,
  parseConfig,
} from '../../src/platform/config/app-config.js';

describe('configuration from the environment', () => {
  it('starts with no variables at all, using the documented defaults', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.ROLE).toBe('all');
    expect(config.ADMIN_EMAIL).toStrictEqual(['admin@agency.localhost']);
    expect(config.DATABASE_URL).toBe(undefined);
    expect(config.REDIS_URL).toBe(undefined);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', SMTP_URL: '' }).PORT).toBe(3000);
  });

  it('reads a comma-separated list of admin addresses', () => {
    const config = parseConfig({ ADMIN_EMAIL: 'a@example.com, b@example.com' });
    expect(config.ADMIN_EMAIL).toStrictEqual(['a@example.com', 'b@example.com']);
  });

  for (const [name, value] of [
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['ROLE', 'scheduler'],
    ['ADMIN_EMAIL', 'admin@example.com, nobody'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '-1'],
    ['DATABASE_MIGRATE', 'no'],
  ] as const) {
    it(`stops with one line naming ${name} when it is invalid`, () => {
      const parse = () => parseConfig({ [name]: value });
      expect(parse).toThrow(ConfigError);
      // One line, starting with the variable's name.
      expect(parse).toThrow(new RegExp(`^Invalid configuration: ${name} [^\\n]*$`));
    });
  }

  it('asks for what PayPal Checkout needs against PayPal itself, naming the missing variable', () => {
    expect(() => parseConfig({ PAYPAL_MODE: 'live', PAYMENT_INTEGRATION: 'checkout' })).toThrow(
      /^Invalid configuration: PAYPAL_CLIENT_ID is required for PAYMENT_INTEGRATION=checkout/,
    );
    expect(() =>
      parseConfig({ PAYPAL_MODE: 'live', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }),
    ).toThrow(/^Invalid configuration: PAYPAL_WEBHOOK_ID is required with PAYPAL_CLIENT_ID/);
    expect(() => parseConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(
      /^Invalid configuration: PAYPAL_CLIENT_SECRET must be set together/,
    );
    // The simulator brings its own credentials; Standard needs none.
    expect(parseConfig({ PAYMENT_INTEGRATION: 'checkout' }).PAYPAL_MODE).toBe('simulator');
    expect(parseConfig({ PAYPAL_MODE: 'live' }).PAYMENT_INTEGRATION).toBe(undefined);
  });

  it('opens the metrics on the public port only with a METRICS_TOKEN, and refuses weak ones', () => {
    expect(parseConfig({}).METRICS_TOKEN).toBe(undefined);
    expect(parseConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBe(undefined);
    const token = 'k3y-for-prometheus-scrapes';
    expect(parseConfig({ METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token);
    for (const weak of ['short', 'has a space in the middle']) {
      expect(() => parseConfig({ METRICS_TOKEN: weak })).toThrow(
        /^Invalid configuration: METRICS_TOKEN /,
      );
    }
  });

  it('limits statements to 30 s by default (0: no limit) and migrates at start unless told not to', () => {
    const defaults = parseConfig({});
    expect([defaults.DATABASE_STATEMENT_TIMEOUT_MS, defaults.DATABASE_MIGRATE]).toStrictEqual([
      30_000,
      true,
    ]);
    const set = parseConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0', DATABASE_MIGRATE: 'false' });
    expect([set.DATABASE_STATEMENT_TIMEOUT_MS, set.DATABASE_MIGRATE]).toStrictEqual([0, false]);
  });

  it('reports the outbox stuck after 5 minutes by default; 0 turns the check off', () => {
    expect(parseConfig({}).OUTBOX_STUCK_AFTER_SECONDS).toBe(300);
    expect(parseConfig({ OUTBOX_STUCK_AFTER_SECONDS: '0' }).OUTBOX_STUCK_AFTER_SECONDS).toBe(0);
    expect(() => parseConfig({ OUTBOX_STUCK_AFTER_SECONDS: '-1' })).toThrow(
      /^Invalid configuration: OUTBOX_STUCK_AFTER_SECONDS /,
    );
  });

  it('gives each database its own queue prefix so instances sharing Redis stay apart', () => {
    expect(defaultQueuePrefix('postgres://u:p@localhost:5432/shop')).toBe('seo-shop');
    expect(defaultQueuePrefix('postgres://localhost/test_1')).not.toBe(
      defaultQueuePrefix('postgres://localhost/test_2'),
    );
  });
});
