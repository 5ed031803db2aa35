/**
 * The benchmark's baseline for newsletter sending: a BullMQ worker with the product's own consumer
 * settings (imported from the built server) processing jobs that do nothing. It waits for NOOP_JOBS
 * jobs already waiting in queue NOOP_QUEUE, and prints `{"jobs":N,"ms":…}` once they are all done.
 */
import path from 'node:path';
import type { Job, Worker as WorkerType, WorkerOptions } from 'bullmq';
import { REPO_ROOT } from '../test/support/app-process.js';

const { Worker } = await import('bullmq');
const { workerOptions } = (await import(
  path.join(REPO_ROOT, 'dist/server-modules/platform/queue/worker-runner.js')
)) as { workerOptions: (config: Record<string, unknown>) => WorkerOptions };

const jobs = Number(process.env.NOOP_JOBS);
let done = 0;
let started = 0;
const worker: WorkerType = new Worker(
  process.env.NOOP_QUEUE!,
  async (_job: Job) => {
    started ||= performance.now();
  },
  workerOptions({
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: process.env.QUEUE_PREFIX,
    QUEUE_LOCK_DURATION_MS: 30_000,
    QUEUE_STALLED_INTERVAL_MS: 30_000,
  }),
);
worker.on('completed', () => {
  done += 1;
  if (done !== jobs) return;
  process.stdout.write(`${JSON.stringify({ jobs, ms: performance.now() - started })}\n`);
  void worker.close().then(() => process.exit(0));
});
