/**
 * The closing line of `npm test`: every layer's counts, read from the runners' JSON reports (Jest's
 * `--json --outputFile`, Playwright's json reporter), summed into `N passed, N failed`.
 */

export interface LayerResult {
  layer: string;
  passed: number;
  failed: number;
  /** Declared but not written yet (`test.todo`) or skipped: neither passed nor failed. */
  pending: number;
  /** Why the layer has no counts of its own (it did not run, or its runner crashed before reporting). */
  problem?: string;
}

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numRuntimeErrorTestSuites: number;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
}

/**
 * A Jest report. A file that could not run at all (a syntax error, a failing beforeAll import) has
 * no tests to count: it counts as one failure so the total never hides it.
 */
export function fromJestReport(layer: string, report: JestReport): LayerResult {
  return {
    layer,
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
    pending: report.numPendingTests + report.numTodoTests,
  };
}

/**
 * A Playwright report: a flaky test passed on a retry and counts as passed (Playwright prints it
 * apart); errors outside any test (a failing global setup) count as failures.
 */
export function fromPlaywrightReport(layer: string, report: PlaywrightReport): LayerResult {
  const { expected, unexpected, flaky, skipped } = report.stats;
  return {
    layer,
    passed: expected + flaky,
    failed: unexpected + (report.errors?.length ?? 0),
    pending: skipped,
  };
}

/** A layer or step that produced no report: one failure, with the reason shown above the total. */
export function withoutReport(layer: string, problem: string): LayerResult {
  return { layer, passed: 0, failed: 1, pending: 0, problem };
}

/** `N passed, N failed` over all layers: the last line of `npm test`. */
export function summaryLine(results: readonly LayerResult[]): string {
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  return `${passed} passed, ${failed} failed`;
}

/** One line per layer, printed above the total. */
export function layerLines(results: readonly LayerResult[]): string[] {
  return results.map((result) => {
    const counts = `${result.passed} passed, ${result.failed} failed`;
    const pending = result.pending > 0 ? `, ${result.pending} pending` : '';
    const problem = result.problem ? ` (${result.problem})` : '';
    return `  ${result.layer.padEnd(12)} ${counts}${pending}${problem}`;
  });
}
