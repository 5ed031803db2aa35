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
  ] as const) {
    it(`stops with one line naming ${name} when it is invalid`, () => {
      const parse = () => parseConfig({ [name]: value });
      expect(parse).toThrow(ConfigError);
      // One line, starting with the variable's name.
      expect(parse).toThrow(new RegExp(`^Invalid configuration: ${name} [^\\n]*$`));
    });
  }

  it('gives each database its own queue prefix so instances sharing Redis stay apart', () => {
    expect(defaultQueuePrefix('postgres://u:p@localhost:5432/shop')).toBe('seo-shop');
    expect(defaultQueuePrefix('postgres://localhost/test_1')).not.toBe(
      defaultQueuePrefix('postgres://localhost/test_2'),
    );
  });
});
