/**
 * The memory of each role at rest: a worker (`--role=worker`) and, for comparison, an API process
 * (`--role=api`), each started alone on the run's PostgreSQL and Redis, waited for until ready and idle
 * (its RSS no longer moving), then read from /proc/<pid>/status: VmRSS (resident now) and VmHWM (the
 * most it was resident, start-up included). Target: the worker ≤ 120 MB of RSS at rest.
 *
 *   BENCH_ONLY=worker-memory node --import tsx bench/run.ts     (after npm run build:server)
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AppRole, startApp } from '../test/support/app-process.js';

/** The worker's RSS at rest, in MB. */
export const WORKER_REST_TARGET_MB = 120;
/** Idle means: RSS within this many MB over IDLE_SAMPLES samples a second apart. */
const IDLE_TOLERANCE_MB = 1;
const IDLE_SAMPLES = 5;
const IDLE_TIMEOUT_MS = 60_000;

export interface RoleMemory {
  role: AppRole;
  /** Resident set at rest, MB. */
  rssMb: number;
  /** Peak resident set since the start, MB. */
  hwmMb: number;
  /** Seconds from the spawn to "Application ready". */
  readyS: number;
}

async function status(pid: number): Promise<{ rssMb: number; hwmMb: number }> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** Samples the process's RSS once a second until it has stopped moving (or a minute has passed). */
async function atRest(pid: number): Promise<{ rssMb: number; hwmMb: number }> {
  const samples: number[] = [];
  const deadline = Date.now() + IDLE_TIMEOUT_MS;
  for (;;) {
    const now = await status(pid);
    samples.push(now.rssMb);
    const last = samples.slice(-IDLE_SAMPLES);
    if (
      (last.length === IDLE_SAMPLES &&
        Math.max(...last) - Math.min(...last) <= IDLE_TOLERANCE_MB) ||
      Date.now() > deadline
    ) {
      return now;
    }
    await sleep(1000);
  }
}

/** Starts one process of `role` with `env`, measures it at rest, stops it. */
export async function measureRole(
  role: AppRole,
  env: Record<string, string | undefined>,
): Promise<RoleMemory> {
  const started = Date.now();
  const app = await startApp({
    role,
    name: `memory-${role}`,
    // The "Application ready" line is what the harness waits for.
    env: { ...env, LOG_LEVEL: 'info' },
    waitForReadyLog: true,
  });
  const readyS = (Date.now() - started) / 1000;
  try {
    return { role, readyS, ...(await atRest(app.pid)) };
  } finally {
    await app.stop(10_000);
  }
}

/** The worker, then an API process, one after the other (never both at once). */
export async function measureWorkerMemory(
  env: Record<string, string | undefined>,
): Promise<RoleMemory[]> {
  const worker = await measureRole('worker', env);
  const api = await measureRole('api', env);
  return [worker, api];
}

export function workerMemoryReport(measured: RoleMemory[]): string {
  const lines = ['Memory at rest (ready, idle; VmRSS now, VmHWM the peak since start-up):'];
  for (const m of measured) {
    const verdict =
      m.role === 'worker'
        ? `  target ≤ ${WORKER_REST_TARGET_MB} MB: ${m.rssMb <= WORKER_REST_TARGET_MB ? 'met' : 'NOT met'}`
        : '  (for comparison)';
    lines.push(
      `  ${m.role.padEnd(7)} RSS ${m.rssMb.toFixed(1).padStart(6)} MB   peak ${m.hwmMb
        .toFixed(1)
        .padStart(6)} MB   ready in ${m.readyS.toFixed(1)} s${verdict}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
