import { describe, expect, it } from '@jest/globals';
import { preferredCoding } from '../../src/platform/http/web-page-reply.js';

describe('the coding a kept page is sent in', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR;Q=0.1', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate, identity', 'identity'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['br;q=nonsense', 'identity'],
  ] as const)('Accept-Encoding %p → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});
