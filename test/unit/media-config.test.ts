import { describe, expect, it } from '@jest/globals';
import { ConfigError, parseConfig } from '../../src/platform/config/app-config.js';

describe('UPLOADS_MAX_BYTES', () => {
  it('defaults to 5 MiB and reads a number of bytes', () => {
    expect(parseConfig({}).UPLOADS_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(parseConfig({ UPLOADS_MAX_BYTES: '1048576' }).UPLOADS_MAX_BYTES).toBe(1048576);
  });

  for (const value of ['0', '-1', '1.5', 'lots']) {
    it(`stops with one line naming it for ${JSON.stringify(value)}`, () => {
      const parse = () => parseConfig({ UPLOADS_MAX_BYTES: value });
      expect(parse).toThrow(ConfigError);
      expect(parse).toThrow(/^Invalid configuration: UPLOADS_MAX_BYTES /);
    });
  }
});
