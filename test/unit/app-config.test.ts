import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ConfigError,
  defaultQueuePrefix,
  parseConfig,
} from '../../src/platform/config/app-config.js';

describe('configuration from the environment', () => {
  it('starts with no variables at all, using the documented defaults', () => {
    const config = parseConfig({});
    assert.equal(config.PORT, 3000);
    assert.equal(config.ROLE, 'all');
    assert.deepEqual(config.ADMIN_EMAIL, ['admin@agency.localhost']);
    assert.equal(config.DATABASE_URL, undefined);
    assert.equal(config.REDIS_URL, undefined);
  });

  it('treats empty variables as unset', () => {
    assert.equal(parseConfig({ PORT: '', SMTP_URL: '' }).PORT, 3000);
  });

  it('reads a comma-separated list of admin addresses', () => {
    const config = parseConfig({ ADMIN_EMAIL: 'a@example.com, b@example.com' });
    assert.deepEqual(config.ADMIN_EMAIL, ['a@example.com', 'b@example.com']);
  });

  for (const [name, value] of [
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['ROLE', 'scheduler'],
    ['ADMIN_EMAIL', 'admin@example.com, nobody'],
  ] as const) {
    it(`stops with one line naming ${name} when it is invalid`, () => {
      assert.throws(
        () => parseConfig({ [name]: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message.startsWith(`Invalid configuration: ${name} `) &&
          !error.message.includes('\n'),
      );
    });
  }

  it('gives each database its own queue prefix so instances sharing Redis stay apart', () => {
    assert.equal(defaultQueuePrefix('postgres://u:p@localhost:5432/shop'), 'seo-shop');
    assert.notEqual(
      defaultQueuePrefix('postgres://localhost/test_1'),
      defaultQueuePrefix('postgres://localhost/test_2'),
    );
  });
});
