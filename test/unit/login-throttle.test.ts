import { describe, expect, it } from '@jest/globals';
import { clientNetwork } from '../../src/platform/http/client-network.js';
import { slowdownSeconds } from '../../src/modules/identity/domain/login-slowdown.js';
import { ConfigError, parseConfig } from '../../src/platform/config/app-config.js';

describe('the account-wide login slowdown', () => {
  const slowdown = { afterFailures: 5, maxSeconds: 300 };

  it('holds nobody back below the threshold', () => {
    for (const failures of [0, 1, 4]) expect(slowdownSeconds(failures, slowdown)).toBe(0);
  });

  it('starts at one second and doubles with each failure', () => {
    expect([5, 6, 7, 8, 9].map((failures) => slowdownSeconds(failures, slowdown))).toStrictEqual([
      1, 2, 4, 8, 16,
    ]);
  });

  it('stops at the cap, however many failures', () => {
    expect(slowdownSeconds(13, slowdown)).toBe(256);
    expect(slowdownSeconds(14, slowdown)).toBe(300);
    expect(slowdownSeconds(10_000, slowdown)).toBe(300);
  });
});

describe('the client network a throttle counts', () => {
  it('is an IPv4 address itself, also when IPv4-mapped', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however it is written", () => {
    const network = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:db8:0:1:ffff:ffff:ffff:ffff',
      '2001:0db8:0000:0001:0000:0000:0000:0002',
      '2001:DB8:0:1:a::',
      '2001:db8:0:1::9%eth0',
      '2001:db8:0:1:0:0:192.0.2.1',
    ]) {
      // Each address is shown next to its network, so a failure names it.
      expect({ ip, network: clientNetwork(ip) }).toStrictEqual({ ip, network });
    }
    expect(clientNetwork('2001:db8:0:2::1')).not.toBe(network);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});

describe('login throttle configuration', () => {
  it('has documented defaults', () => {
    const config = parseConfig({});
    expect(config.LOGIN_MAX_FAILURES_ACCOUNT_IP).toBe(10);
    expect(config.LOGIN_SLOWDOWN_AFTER_FAILURES).toBe(5);
    expect(config.LOGIN_SLOWDOWN_MAX_SECONDS).toBe(300);
    expect(config.LOGIN_MAX_FAILURES_PER_IP).toBe(100);
    expect(config.LOGIN_ALERT_AFTER_FAILURES).toBe(20);
    expect(config.LOGIN_THROTTLE_WINDOW_SECONDS).toBe(900);
  });

  it('refuses the account-wide lock-out variable it no longer reads, naming its successors', () => {
    const parse = () => parseConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '10' });
    expect(parse).toThrow(ConfigError);
    // One line, starting with the variable's name and naming its successor.
    expect(parse).toThrow(
      /^Invalid configuration: LOGIN_MAX_FAILURES_PER_ACCOUNT [^\n]*LOGIN_MAX_FAILURES_ACCOUNT_IP[^\n]*$/,
    );
  });
});
