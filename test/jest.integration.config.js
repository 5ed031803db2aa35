import unit from './jest.unit.config.js';

/**
 * Integration tests on Jest 30 (ESM, the same SWC transform as the unit tests). Each file starts its
 * own services (a fresh PostgreSQL database, a Redis database of its own, an SMTP mailbox) and the built
 * server as child processes (test/support). Two files run at a time (`--maxWorkers=2` in package.json):
 * each has its own database, Redis database (claimed atomically, test/support/services.ts), mailbox,
 * ports and queue prefix, and the one that stops Redis stops a Redis of its own (own-redis.ts), so
 * they cannot see each other; most of a file's time is spent waiting on its app processes, which two
 * files side by side overlap. More would only make a small machine's timeouts likelier.
 */
export default {
  ...unit,
  testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
  // Tells the hooks whether the test that just ran failed (to print the app's logs for it).
  testEnvironment: '<rootDir>/test/jest/integration-environment.js',
  // Suites that start apps give their own, longer timeouts; this covers plain requests.
  testTimeout: 30_000,
};
