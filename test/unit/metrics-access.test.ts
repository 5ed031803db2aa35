import { describe, expect, it } from '@jest/globals';
import { bearerTokenMatches, mayScrape } from '../../src/modules/ops/metrics/metrics-access.js';

const TOKEN = 'a-long-metrics-token-0123456789';

describe('who may scrape the metrics on the public port', () => {
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

  it('lets in only the configured token: no address is a key', () => {
    expect(mayScrape(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(mayScrape(undefined, TOKEN)).toBe(false);
    expect(mayScrape('Bearer wrong', TOKEN)).toBe(false);
    // Without METRICS_TOKEN the public port serves no one, not even an empty or a made-up token.
    expect(mayScrape(undefined, undefined)).toBe(false);
    expect(mayScrape('Bearer ', undefined)).toBe(false);
    expect(mayScrape(`Bearer ${TOKEN}`, undefined)).toBe(false);
  });
});
