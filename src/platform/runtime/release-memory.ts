import v8 from 'node:v8';
import vm from 'node:vm';

type GcFunction = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Gives back to the system the memory start-up allocated and no longer uses.
 *
 * Reading the modules, discovering the entities and building the Nest container allocate fast, so V8
 * grows its young generation to its largest size (two semi-spaces of up to 64 MB each on a machine
 * with a large heap limit) and keeps the pages it freed in a pool for later: measured on the worker,
 * ≈ 140 MB of resident memory that nothing uses once it is idle. V8 returns them only on a
 * "last resort" collection (the one it makes under memory pressure), which its `gc()` function can
 * ask for: the function is exposed for one call and hidden again. One collection of a few hundred
 * milliseconds, once, before the process says it is ready.
 */
export function releaseStartUpMemory(): void {
  exposedGc()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

function exposedGc(): GcFunction {
  const global = globalThis as { gc?: unknown };
  if (typeof global.gc === 'function') return global.gc as GcFunction;
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as GcFunction;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
