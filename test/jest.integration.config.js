import unit from './jest.unit.config.js';

/**
 * Integration tests on Jest 30 (ESM, the same SWC transform as the unit tests). Each file starts its
 * own services (a fresh PostgreSQL database, a Redis database of its own, an SMTP mailbox) and the built
 * server as child processes (test/support). The files run one at a time (`--runInBand` in package.json):
 * several of them kill workers, stop Redis or hold the SMTP server, and the app processes they start are
 * heavy enough that running them side by side on a shared machine would only make timeouts likelier.
 */
export default {
  ...unit,
  testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
  // Tells the hooks whether the test that just ran failed (to print the app's logs for it).
  testEnvironment: '<rootDir>/test/jest/integration-environment.js',
  // Suites that start apps give their own, longer timeouts; this covers plain requests.
  testTimeout: 30_000,
};
