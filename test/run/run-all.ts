/**
 * `npm test`: lint, typecheck and build, then every test layer (unit, web components, integration,
 * end-to-end), each through its own npm script (lint and typecheck run beside the build, their output
 * printed once they have ended). The layers all run even when one fails, so that one
 * run shows every failure; the output ends with the counts of each layer and one line
 * `N passed, N failed` over all of them, also written to test-results/summary.txt (for CI, which
 * prints it again after npm's own error lines). The exit status is 1 when anything failed.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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

/**
 * Runs `npm run <script> [-- args]`, settling true when it exited 0. Its output goes to the terminal,
 * or with `logFile` into that file, printed once the script has ended (so that steps running at once do
 * not mix their lines).
 */
async function npmRun(
  script: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
  logFile?: string,
): Promise<boolean> {
  const argv = ['run', script, ...(args.length > 0 ? ['--', ...args] : [])];
  const log = logFile === undefined ? undefined : openSync(logFile, 'w');
  const child = spawn('npm', argv, {
    cwd: root,
    stdio: log === undefined ? 'inherit' : ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  const status = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', resolve);
  });
  if (log !== undefined && logFile !== undefined) {
    closeSync(log);
    process.stdout.write(`\n----- npm run ${script} -----\n${readFileSync(logFile, 'utf8')}`);
  }
  return status === 0;
}

function readReport<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

async function jestLayer(layer: string, script: string): Promise<LayerResult> {
  const file = path.join(reports, `${layer}.json`);
  const ok = await npmRun(script, ['--json', `--outputFile=${file}`]);
  const report = readReport<Parameters<typeof fromJestReport>[1]>(file);
  if (!report) return withoutReport(layer, `npm run ${script} wrote no report`);
  const result = fromJestReport(layer, report);
  // Jest can also exit non-zero with every test passed (e.g. an open handle with --detectOpenHandles).
  return ok || result.failed > 0 ? result : { ...result, failed: 1, problem: 'exit status' };
}

async function playwrightLayer(layer: string, script: string): Promise<LayerResult> {
  const file = path.join(reports, `${layer}.json`);
  const ok = await npmRun(script, ['--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: file });
  const report = readReport<Parameters<typeof fromPlaywrightReport>[1]>(file);
  if (!report) return withoutReport(layer, `npm run ${script} wrote no report`);
  const result = fromPlaywrightReport(layer, report);
  return ok || result.failed > 0 ? result : { ...result, failed: 1, problem: 'exit status' };
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results: LayerResult[] = [];
// Three independent steps at once (lint and typecheck run on one processor each).
const steps = ['lint', 'typecheck', 'build'] as const;
const stepsOk = await Promise.all(
  steps.map((step) =>
    npmRun(step, [], {}, step === 'build' ? undefined : path.join(reports, `${step}.log`)),
  ),
);
const failedStep = steps.find((_, index) => !stepsOk[index]);
if (failedStep) {
  results.push(withoutReport(failedStep, `npm run ${failedStep} failed; no tests were run`));
} else {
  results.push(await jestLayer('unit', 'test:unit'));
  results.push(await jestLayer('web', 'test:web'));
  results.push(await jestLayer('integration', 'test:integration'));
  results.push(await playwrightLayer('e2e', 'test:e2e'));
}

const total = summaryLine(results);
writeFileSync(path.join(root, 'test-results', 'summary.txt'), `${total}\n`);
process.stdout.write(`\n${layerLines(results).join('\n')}\n${total}\n`);
process.exitCode = results.some((result) => result.failed > 0) ? 1 : 0;
