import { describe, expect, it } from '@jest/globals';
import {
  fromJestReport,
  fromPlaywrightReport,
  layerLines,
  summaryLine,
  withoutReport,
} from '../run/test-summary.js';

const jest = (counts: Partial<Parameters<typeof fromJestReport>[1]>) => ({
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numRuntimeErrorTestSuites: 0,
  ...counts,
});

describe("npm test's closing line", () => {
  it('sums every layer: Jest layers, and Playwright with its flaky tests as passed', () => {
    const results = [
      fromJestReport('unit', jest({ numPassedTests: 211, numFailedTests: 1 })),
      fromJestReport('web', jest({ numPassedTests: 15, numFailedTests: 2 })),
      fromJestReport('integration', jest({ numPassedTests: 140, numTodoTests: 3 })),
      fromPlaywrightReport('e2e', {
        stats: { expected: 13, unexpected: 1, flaky: 1, skipped: 0 },
      }),
    ];
    expect(summaryLine(results)).toBe('380 passed, 4 failed');
  });

  it('counts a test file that could not run, and errors outside any e2e test, as failures', () => {
    const results = [
      fromJestReport('integration', jest({ numPassedTests: 10, numRuntimeErrorTestSuites: 1 })),
      fromPlaywrightReport('e2e', {
        stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
        errors: [{ message: 'global setup failed' }],
      }),
    ];
    expect(summaryLine(results)).toBe('10 passed, 2 failed');
  });

  it('counts a layer or step without a report as one failure and says why', () => {
    const results = [withoutReport('build', 'npm run build failed; no tests were run')];
    expect(summaryLine(results)).toBe('0 passed, 1 failed');
    expect(layerLines(results)).toStrictEqual([
      '  build        0 passed, 1 failed (npm run build failed; no tests were run)',
    ]);
  });

  it('shows todo and skipped tests per layer but counts them neither passed nor failed', () => {
    const results = [fromJestReport('integration', jest({ numPassedTests: 5, numTodoTests: 3 }))];
    expect(summaryLine(results)).toBe('5 passed, 0 failed');
    expect(layerLines(results)).toStrictEqual(['  integration  5 passed, 0 failed, 3 pending']);
  });

  it('a run without any layer counts nothing', () => {
    expect(summaryLine([])).toBe('0 passed, 0 failed');
  });
});
