import { expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = new URL('../../.ci/count-tests', import.meta.url).pathname;
const savedLog = new URL('./fixtures/npm-test-output.txt', import.meta.url).pathname;

function countTests(logFile: string): string {
  return execFileSync('bash', [script, logFile], { encoding: 'utf8' }).trim();
}

test("CI's closing line sums node's test runner, Jest and Playwright over a saved npm test log", () => {
  // unit 211 + 1, web (Jest) 15 + 2, integration 140 + 0, e2e 13 passed + 1 flaky + 1 failed.
  expect(countTests(savedLog)).toBe('380 passed, 4 failed');
});

test('a log without any summary counts nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'count-tests-'));
  const empty = join(dir, 'npm-test.log');
  writeFileSync(empty, '> seo-agency@0.1.0 lint\n> eslint .\n');
  expect(countTests(empty)).toBe('0 passed, 0 failed');
});
