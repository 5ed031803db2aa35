import { parseCommandLine } from './command-line.js';

/**
 * The V8 settings of a worker process (`WORKER_NODE_FLAGS` replaces them; empty: none). A worker holds
 * little (≈ 55 MB of heap) and allocates in small bursts (a batch of e-mails, an event), but V8 sizes
 * its heap for the machine: two semi-spaces of up to 64 MB each, filled once during start-up and kept,
 * and an old generation let grow well past what is live before it is collected. One-megabyte
 * semi-spaces and an old generation collected once it is 15 % over what survived the last collection
 * cost more frequent (and shorter) collections and nothing measurable in the campaign bench, and keep
 * the worker's peak resident memory near what it holds (see _Benchmarks_ in the README).
 */
export const DEFAULT_WORKER_NODE_FLAGS = '--max-semi-space-size=1 --heap-growing-percent=15';

/**
 * The V8 settings of an API process, or of one that is both (`API_NODE_FLAGS` replaces them; empty:
 * none). Under a burst of requests V8 grows the young generation to two 64 MB semi-spaces and keeps
 * them: 32 MB ones held the API's resident memory after 50 connections for 30 s to ≈ 1.2× its memory
 * at rest instead of ≈ 1.5×, with the same pages per second (see _Benchmarks_ in the README).
 */
export const DEFAULT_API_NODE_FLAGS = '--max-semi-space-size=32';

/** Set in the environment of the relaunched process, so that it is relaunched once. */
const RELAUNCHED = 'SEO_AGENCY_NODE_FLAGS_APPLIED';

type Execve = (file: string, args: string[], env: NodeJS.ProcessEnv) => never;

/**
 * When this process was started without its role's V8 settings, replaces it (same pid, same open
 * files: `execve`) by the same command with them: V8's settings must be given when the process starts.
 * A worker (`--role=worker`, or `ROLE=worker` without `--role`) also gets glibc's malloc limited to two
 * arenas (MALLOC_ARENA_MAX, unless set). Whoever starts the process (Docker, `npm start`, a process
 * manager, the tests) gets the same process; nothing happens on a second pass, when the role's flags are
 * empty, or where `process.execve` does not exist. Returns when nothing was done.
 */
export function relaunchWithItsFlags(
  argv: readonly string[] = process.argv,
  env: NodeJS.ProcessEnv = process.env,
  execve: Execve | undefined = process.execve as Execve | undefined,
): void {
  if (execve === undefined || env[RELAUNCHED] === '1') return;
  let role: string | undefined;
  try {
    role = parseCommandLine(argv.slice(2)).role;
  } catch {
    return; // a bad command line is reported by the start-up itself
  }
  const worker = (role ?? env.ROLE) === 'worker';
  const flags = (
    worker
      ? (env.WORKER_NODE_FLAGS ?? DEFAULT_WORKER_NODE_FLAGS)
      : (env.API_NODE_FLAGS ?? DEFAULT_API_NODE_FLAGS)
  )
    .split(/\s+/)
    .filter(Boolean);
  if (flags.length === 0) return;
  execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...argv.slice(1)], {
    ...(worker ? { MALLOC_ARENA_MAX: '2' } : {}),
    ...env,
    [RELAUNCHED]: '1',
  });
}
