import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, parseConfig } from '../../src/platform/config/app-config.js';

describe('UPLOADS_MAX_BYTES', () => {
  it('defaults to 5 MiB and reads a number of bytes', () => {
    assert.equal(parseConfig({}).UPLOADS_MAX_BYTES, 5 * 1024 * 1024);
    assert.equal(parseConfig({ UPLOADS_MAX_BYTES: '1048576' }).UPLOADS_MAX_BYTES, 1048576);
  });

  for (const value of ['0', '-1', '1.5', 'lots']) {
    it(`stops with one line naming it for ${JSON.stringify(value)}`, () => {
      assert.throws(
        () => parseConfig({ UPLOADS_MAX_BYTES: value }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message.startsWith('Invalid configuration: UPLOADS_MAX_BYTES '),
      );
    });
  }
});
