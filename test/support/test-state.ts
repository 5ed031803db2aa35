/**
 * What the hooks of an integration suite know about the test that just ran (see
 * test/jest/integration-environment.js, which records it).
 */
import { expect } from '@jest/globals';

declare global {
  var __currentTestFailed: boolean | undefined;
}

/** True in an `afterEach` when the test (or a `beforeEach` of it) failed. */
export function currentTestFailed(): boolean {
  return globalThis.__currentTestFailed === true;
}

/** The full name of the current test ("describe › test"), for log headings. */
export function currentTestName(): string {
  return expect.getState().currentTestName ?? 'unknown test';
}
