import { TestEnvironment } from 'jest-environment-node';

/**
 * Node's environment, plus one fact Jest does not hand to hooks: whether the current test failed.
 * An `afterEach` reads it through `currentTestFailed()` (test/support/test-state.ts) to print the
 * output of the app processes of a failed test, and only of a failed one.
 */
export default class IntegrationEnvironment extends TestEnvironment {
  /** @param {import('jest-circus').Circus.Event} event */
  handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__currentTestFailed = false;
    if (
      event.name === 'test_fn_failure' ||
      (event.name === 'hook_failure' && event.hook.type === 'beforeEach')
    ) {
      this.global.__currentTestFailed = true;
    }
  }
}
