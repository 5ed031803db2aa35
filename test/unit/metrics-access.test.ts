import { describe, expect, it } from '@jest/globals';
import {
  bearerTokenMatches,
  isLoopback,
  mayScrape,
} from '../../src/modules/ops/metrics/metrics-access.js';

const TOKEN = 'a-long-metrics-token-0123456789';

describe('who may scrape the metrics', () => {
  it('knows this machine however its address is spelled', () => {
    for (const ip of ['127.0.0.1', '127.10.20.30', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect({ ip, loopback: isLoopback(ip) }).toStrictEqual({ ip, loopback: true });
    }
  });

  it('does not take other addresses, private ones included, for this machine', () => {
    for (const ip of [
      '10.0.0.1',
      '192.168.1.5',
      '128.0.0.1',
      '::2',
      '::ffff:10.0.0.1',
      'fe80::1',
    ]) {
      expect({ ip, loopback: isLoopback(ip) }).toStrictEqual({ ip, loopback: false });
    }
    for (const ip of ['', 'localhost', '127.0.0.1.evil', 'unknown']) {
      expect({ ip, loopback: isLoopback(ip) }).toStrictEqual({ ip, loopback: false });
    }
  });

  it('takes the bearer token, and nothing like it', () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [
      undefined,
      '',
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      'Bearer ',
    ]) {
      expect({ header, matches: bearerTokenMatches(header, TOKEN) }).toStrictEqual({
        header,
        matches: false,
      });
    }
  });

  it('lets this machine in without a token, others only with the configured token', () => {
    expect(mayScrape({ ip: '127.0.0.1', authorization: undefined }, undefined)).toBe(true);
    expect(mayScrape({ ip: '203.0.113.9', authorization: undefined }, TOKEN)).toBe(false);
    expect(mayScrape({ ip: '203.0.113.9', authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(mayScrape({ ip: '203.0.113.9', authorization: 'Bearer wrong' }, TOKEN)).toBe(false);
    // Without METRICS_TOKEN no token opens it, not even an empty one.
    expect(mayScrape({ ip: '203.0.113.9', authorization: 'Bearer ' }, undefined)).toBe(false);
    expect(mayScrape({ ip: '203.0.113.9', authorization: `Bearer ${TOKEN}` }, undefined)).toBe(
      false,
    );
  });
});
