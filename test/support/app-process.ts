/**
 * Runs the built server (`node dist/server/main.js --role=…`) as a child process for a test.
 *
 * Its stdout/stderr are kept (and streamed live with DEBUG_APP=1); `printAppOutputs()` prints what
 * the processes of the current test wrote, e.g. from an afterEach when the test failed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getFreePort, pollUntil } from './net.js';

export type AppRole = 'api' | 'worker' | 'all';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built server; TEST_SERVER_DIR points the tests at another build (e.g. one per work tree). */
export const SERVER_ENTRY = path.join(
  process.env.TEST_SERVER_DIR
    ? path.resolve(process.env.TEST_SERVER_DIR)
    : path.join(REPO_ROOT, 'dist/server'),
  'main.js',
);
export const READY_MESSAGE = 'Application ready';

export interface StartAppOptions {
  role?: AppRole;
  /** DATABASE_URL, REDIS_URL, SMTP_URL, ADMIN_EMAIL… Undefined values are removed. */
  env?: Record<string, string | undefined>;
  /** Defaults to a free port. */
  port?: number;
  /** Label in printed output. Defaults to the role. */
  name?: string;
  /** How long to wait for readiness. Default 60 s. */
  readyTimeoutMs?: number;
  /**
   * Wait for the "Application ready" log line. Default: yes unless LOG_LEVEL hides info lines
   * (for roles api/all, health 200 is then enough).
   */
  waitForReadyLog?: boolean;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StopResult extends ExitInfo {
  /** From the signal to the exit. */
  durationMs: number;
  /** SIGTERM was not enough within the timeout: the process was SIGKILLed. */
  forced: boolean;
}

export type LogLine = Record<string, unknown> & { msg?: unknown; level?: unknown };

export interface AppProcess {
  name: string;
  role: AppRole;
  pid: number;
  port: number;
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** Settles when the process has exited. */
  exited: Promise<ExitInfo>;
  readonly running: boolean;
  /** stdout and stderr as written so far (interleaved as received). */
  output(): string;
  /** The stdout lines that are JSON objects (pino). */
  logs(): LogLine[];
  waitForLog(predicate: (line: LogLine) => boolean, timeoutMs: number): Promise<LogLine>;
  /** SIGTERM, then SIGKILL when it has not exited within timeoutMs (default 10 s). */
  stop(timeoutMs?: number): Promise<StopResult>;
  /** SIGKILL. */
  kill(): Promise<StopResult>;
  /** Prints the collected output to stderr. */
  printOutput(reason?: string): void;
}

const MAX_OUTPUT_CHARS = 4 * 1024 * 1024;
const live = new Set<AppProcess>();
const startedSinceReset: AppProcess[] = [];
let exitHookInstalled = false;

const quietLevels = new Set(['warn', 'error', 'fatal', 'silent']);

export async function startApp(options: StartAppOptions = {}): Promise<AppProcess> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `${path.relative(REPO_ROOT, SERVER_ENTRY)} is missing: run npm run build first`,
    );
  }
  const role = options.role ?? 'all';
  const name = options.name ?? role;
  const port = options.port ?? (await getFreePort());
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `app-data-${role}-`));

  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined) env[key] = value;
  }
  // What the test process runs with must not leak into the app.
  // (SMTP_URL too: the app must not mail anything real when a test forgets to set it.)
  for (const key of [
    'NODE_OPTIONS',
    'NODE_TEST_CONTEXT',
    // A process's own relaunch marker (src/platform/runtime/node-flags.ts).
    'SEO_AGENCY_NODE_FLAGS_APPLIED',
    'ROLE',
    'PORT',
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'MAIL_FROM',
    // The harness reads JSON lines: a LOG_FORMAT=pretty of the shell must not reach the app.
    'LOG_FORMAT',
    'PUBLIC_URL',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'GOOGLE_ISSUER',
    'LOGIN_MAX_FAILURES_PER_ACCOUNT',
    'LOGIN_MAX_FAILURES_ACCOUNT_IP',
    'LOGIN_SLOWDOWN_AFTER_FAILURES',
    'LOGIN_SLOWDOWN_MAX_SECONDS',
    'LOGIN_MAX_FAILURES_PER_IP',
    'LOGIN_ALERT_AFTER_FAILURES',
    'LOGIN_THROTTLE_WINDOW_SECONDS',
  ]) {
    delete env[key];
  }
  Object.assign(env, {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  });
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const waitForReadyLog =
    options.waitForReadyLog ?? (role === 'worker' || !quietLevels.has(env.LOG_LEVEL ?? 'info'));

  const child = spawn(process.execPath, [SERVER_ENTRY, `--role=${role}`], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const debug = process.env.DEBUG_APP === '1';
  /** Set when the harness sends a signal: an exit without it is reported as unexpected. */
  let signalledByHarness = false;
  let output = '';
  const logLines: LogLine[] = [];
  const logWaiters = new Set<{
    predicate: (line: LogLine) => boolean;
    resolve: (l: LogLine) => void;
  }>();
  // Cut back to the last MAX_OUTPUT_CHARS only once it holds twice that, and when read: cutting at
  // every chunk copied the whole 4 MB per log line once a chatty app had written that much.
  const append = (text: string) => {
    output += text;
    if (output.length > 2 * MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS);
  };
  const keptOutput = () =>
    output.length > MAX_OUTPUT_CHARS ? output.slice(-MAX_OUTPUT_CHARS) : output;
  const lineReader = (stream: 'stdout' | 'stderr') => {
    let pending = '';
    return (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      append(text);
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (debug) process.stderr.write(`[${name}:${stream}] ${line}\n`);
        const parsed = parseLogLine(line);
        if (parsed === undefined) continue;
        logLines.push(parsed);
        if (!signalledByHarness && typeof parsed.signal === 'string') {
          // Someone else (another session's cleanup, a broad pkill…) signalled the process.
          process.stderr.write(
            `[app-process] ${name} (pid ${child.pid}) got ${parsed.signal} from outside the test harness\n`,
          );
        }
        for (const waiter of [...logWaiters]) {
          if (waiter.predicate(parsed)) {
            logWaiters.delete(waiter);
            waiter.resolve(parsed);
          }
        }
      }
    };
  };
  child.stdout.on('data', lineReader('stdout'));
  child.stderr.on('data', lineReader('stderr'));

  let exitInfo: ExitInfo | undefined;
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => {
      exitInfo = { code, signal };
      if (!signalledByHarness) {
        const note = `[app-process] ${name} (pid ${child.pid}) exited (${describeExit(exitInfo)}) without a signal from the test harness`;
        append(`\n${note}\n`);
        process.stderr.write(`${note}\n`);
      }
      resolve(exitInfo);
    });
    child.once('error', (error) => {
      append(`\n[spawn error] ${error.message}\n`);
      exitInfo = { code: null, signal: null };
      resolve(exitInfo);
    });
  });
  void exited.then(() => rm(dataDir, { recursive: true, force: true }).catch(() => undefined));

  const signal = async (sig: 'SIGTERM' | 'SIGKILL', timeoutMs: number): Promise<StopResult> => {
    const startedAt = Date.now();
    if (exitInfo) return { ...exitInfo, durationMs: 0, forced: false };
    signalledByHarness = true;
    child.kill(sig);
    const timedOut = Symbol('timeout');
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      exited,
      new Promise<typeof timedOut>(
        (resolve) => (timer = setTimeout(() => resolve(timedOut), timeoutMs)),
      ),
    ]);
    clearTimeout(timer);
    if (result !== timedOut)
      return { ...result, durationMs: Date.now() - startedAt, forced: false };
    child.kill('SIGKILL');
    const info = await exited;
    return { ...info, durationMs: Date.now() - startedAt, forced: true };
  };

  const app: AppProcess = {
    name,
    role,
    pid: child.pid ?? -1,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    exited,
    get running() {
      return exitInfo === undefined;
    },
    output: keptOutput,
    logs: () => [...logLines],
    waitForLog(predicate, timeoutMs) {
      const existing = logLines.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise<LogLine>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (line: LogLine) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          logWaiters.delete(waiter);
          reject(new Error(`[${name}] no matching log line within ${timeoutMs} ms`));
        }, timeoutMs);
        logWaiters.add(waiter);
        void exited.then((info) => {
          if (!logWaiters.has(waiter)) return;
          logWaiters.delete(waiter);
          clearTimeout(timer);
          reject(new Error(`[${name}] exited (${describeExit(info)}) before the awaited log line`));
        });
      });
    },
    stop: (timeoutMs = 10_000) => signal('SIGTERM', timeoutMs),
    kill: () => signal('SIGKILL', 10_000),
    printOutput(reason) {
      const header = `----- output of ${name} (pid ${child.pid}, role ${role}, port ${port})${reason ? `: ${reason}` : ''} -----`;
      process.stderr.write(
        `${header}\n${keptOutput() || '(nothing)'}\n----- end of ${name} -----\n`,
      );
    },
  };
  live.add(app);
  startedSinceReset.push(app);
  void exited.then(() => live.delete(app));
  installExitHook();

  try {
    await waitUntilReady(app, { waitForReadyLog, readyTimeoutMs, checkHealth: role !== 'worker' });
  } catch (error) {
    await app.kill();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `[${name}] did not become ready: ${message}\n----- its output -----\n${tail(output, 8000)}`,
      { cause: error },
    );
  }
  return app;
}

async function waitUntilReady(
  app: AppProcess,
  opts: { waitForReadyLog: boolean; readyTimeoutMs: number; checkHealth: boolean },
): Promise<void> {
  const deadline = Date.now() + opts.readyTimeoutMs;
  const exitedEarly = app.exited.then((info) => {
    throw new Error(`the process exited (${describeExit(info)})`);
  });
  exitedEarly.catch(() => undefined);
  if (opts.waitForReadyLog) {
    await Promise.race([app.waitForLog(isReadyLine, opts.readyTimeoutMs), exitedEarly]);
  }
  if (opts.checkHealth) {
    await Promise.race([
      pollUntil(
        async () => {
          const response = await fetch(`${app.baseUrl}/api/health`, {
            signal: AbortSignal.timeout(2000),
          });
          await response.arrayBuffer();
          if (response.status !== 200)
            throw new Error(`GET /api/health answered ${response.status}`);
          return true;
        },
        {
          timeoutMs: Math.max(deadline - Date.now(), 1000),
          intervalMs: 200,
          what: 'GET /api/health to answer 200',
        },
      ),
      exitedEarly,
    ]);
  }
}

export function isReadyLine(line: LogLine): boolean {
  return typeof line.msg === 'string' && line.msg.includes(READY_MESSAGE);
}

function parseLogLine(line: string): LogLine | undefined {
  const trimmed = line.trim();
  if (!trimmed) return undefined;
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed !== null && typeof parsed === 'object') return parsed as LogLine;
    } catch {
      // not JSON: fall through
    }
  }
  // A non-JSON line still counts for the ready message (e.g. a pretty-printing logger).
  return trimmed.includes(READY_MESSAGE) ? { msg: READY_MESSAGE, raw: trimmed } : undefined;
}

export function describeExit(info: ExitInfo): string {
  return info.signal ? `signal ${info.signal}` : `code ${info.code}`;
}

function tail(text: string, chars: number): string {
  return text.length > chars ? `…${text.slice(-chars)}` : text || '(no output)';
}

/** Prints the output of every process started since the last reset (e.g. after a failed test). */
export function printAppOutputs(reason?: string): void {
  for (const app of startedSinceReset) app.printOutput(reason);
}

/** Forgets the processes started so far, for printAppOutputs. */
export function resetAppOutputs(): void {
  startedSinceReset.length = 0;
}

/** SIGKILLs every app process still running (last-resort cleanup). */
export async function killAllApps(): Promise<void> {
  await Promise.all([...live].map((app) => app.kill()));
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const app of live) {
      try {
        process.kill(app.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}
