/**
 * `npm test`: lint, typecheck and build, then every test layer (unit, web components, integration,
 * end-to-end), each through its own npm script. The layers all run even when one fails, so that one
 * run shows every failure; the output ends with the counts of each layer and one line
 * `N passed, N failed` over all of them, also written to test-results/summary.txt (for CI, which
 * prints it again after npm's own error lines). The exit status is 1 when anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type LayerResult,
  fromJestReport,
  fromPlaywrightReport,
  layerLines,
  summaryLine,
  withoutReport,
} from './test-summary.js';

const root = path.resolve(import.meta.dirname, '../..');
const reports = path.join(root, 'test-results', 'reports');

/** Runs `npm run <script> [-- args]` with the terminal attached; true when it exited 0. */
function npmRun(script: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): boolean {
  const argv = ['run', script, ...(args.length > 0 ? ['--', ...args] : [])];
  const run = spawnSync('npm', argv, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return run.status === 0;
}

function readReport<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

function jestLayer(layer: string, script: string): LayerResult {
  const file = path.join(reports, `${layer}.json`);
  const ok = npmRun(script, ['--json', `--outputFile=${file}`]);
  const report = readReport<Parameters<typeof fromJestReport>[1]>(file);
  if (!report) return withoutReport(layer, `npm run ${script} wrote no report`);
  const result = fromJestReport(layer, report);
  // Jest can also exit non-zero with every test passed (e.g. an open handle with --detectOpenHandles).
  return ok || result.failed > 0 ? result : { ...result, failed: 1, problem: 'exit status' };
}

function playwrightLayer(layer: string, script: string): LayerResult {
  const file = path.join(reports, `${layer}.json`);
  const ok = npmRun(script, ['--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: file });
  const report = readReport<Parameters<typeof fromPlaywrightReport>[1]>(file);
  if (!report) return withoutReport(layer, `npm run ${script} wrote no report`);
  const result = fromPlaywrightReport(layer, report);
  return ok || result.failed > 0 ? result : { ...result, failed: 1, problem: 'exit status' };
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results: LayerResult[] = [];
for (const step of ['lint', 'typecheck', 'build']) {
  if (!npmRun(step)) {
    results.push(withoutReport(step, `npm run ${step} failed; no tests were run`));
    break;
  }
}
if (results.length === 0) {
  results.push(jestLayer('unit', 'test:unit'));
  results.push(jestLayer('web', 'test:web'));
  results.push(jestLayer('integration', 'test:integration'));
  results.push(playwrightLayer('e2e', 'test:e2e'));
}

const total = summaryLine(results);
writeFileSync(path.join(root, 'test-results', 'summary.txt'), `${total}\n`);
process.stdout.write(`\n${layerLines(results).join('\n')}\n${total}\n`);
process.exitCode = results.some((result) => result.failed > 0) ? 1 : 0;
