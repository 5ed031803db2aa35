import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientNetwork } from '../../src/modules/identity/domain/client-network.js';
import { slowdownSeconds } from '../../src/modules/identity/domain/login-slowdown.js';
import { ConfigError, parseConfig } from '../../src/platform/config/app-config.js';

describe('the account-wide login slowdown', () => {
  const slowdown = { afterFailures: 5, maxSeconds: 300 };

  it('holds nobody back below the threshold', () => {
    for (const failures of [0, 1, 4]) assert.equal(slowdownSeconds(failures, slowdown), 0);
  });

  it('starts at one second and doubles with each failure', () => {
    assert.deepEqual(
      [5, 6, 7, 8, 9].map((failures) => slowdownSeconds(failures, slowdown)),
      [1, 2, 4, 8, 16],
    );
  });

  it('stops at the cap, however many failures', () => {
    assert.equal(slowdownSeconds(13, slowdown), 256);
    assert.equal(slowdownSeconds(14, slowdown), 300);
    assert.equal(slowdownSeconds(10_000, slowdown), 300);
  });
});

describe('the client network a throttle counts', () => {
  it('is an IPv4 address itself, also when IPv4-mapped', () => {
    assert.equal(clientNetwork('203.0.113.7'), '203.0.113.7');
    assert.equal(clientNetwork('::ffff:203.0.113.7'), '203.0.113.7');
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
      assert.equal(clientNetwork(ip), network, ip);
    }
    assert.notEqual(clientNetwork('2001:db8:0:2::1'), network);
    assert.equal(clientNetwork('::1'), '0:0:0:0::/64');
    assert.equal(clientNetwork('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    assert.equal(clientNetwork('unknown'), 'unknown');
  });
});

describe('login throttle configuration', () => {
  it('has documented defaults', () => {
    const config = parseConfig({});
    assert.equal(config.LOGIN_MAX_FAILURES_ACCOUNT_IP, 10);
    assert.equal(config.LOGIN_SLOWDOWN_AFTER_FAILURES, 5);
    assert.equal(config.LOGIN_SLOWDOWN_MAX_SECONDS, 300);
    assert.equal(config.LOGIN_MAX_FAILURES_PER_IP, 100);
    assert.equal(config.LOGIN_ALERT_AFTER_FAILURES, 20);
    assert.equal(config.LOGIN_THROTTLE_WINDOW_SECONDS, 900);
  });

  it('refuses the account-wide lock-out variable it no longer reads, naming its successors', () => {
    assert.throws(
      () => parseConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '10' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message.startsWith('Invalid configuration: LOGIN_MAX_FAILURES_PER_ACCOUNT ') &&
        error.message.includes('LOGIN_MAX_FAILURES_ACCOUNT_IP') &&
        !error.message.includes('\n'),
    );
  });
});
