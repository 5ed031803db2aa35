/**
 * The newsletter's part of `npm run bench`: a campaign to BENCH_SUBSCRIBERS (10,000) confirmed subscribers
 * sent by the worker process to a local SMTP sink that only counts, as e-mails per second from the send
 * request to the last delivery, next to the throughput of a worker with the same consumer settings on
 * no-op jobs in the same run; and the worker's peak RSS (VmHWM).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Queue } from 'bullmq';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { REPO_ROOT } from '../test/support/app-process.js';
import { getFreePort, pollUntil } from '../test/support/net.js';
import type { Shopper } from './orders.js';

export interface SmtpSink {
  url: string;
  delivered(): number;
  /** performance.now() of the latest delivery. */
  lastAt(): number;
  close(): Promise<void>;
}

/** An SMTP server that accepts and counts every message (no parsing: the sink must not be the limit). */
export async function startSmtpSink(): Promise<SmtpSink> {
  let delivered = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        delivered += 1;
        lastAt = performance.now();
        callback();
      });
    },
  });
  const port = await getFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered: () => delivered,
    lastAt: () => lastAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface CampaignThroughput {
  recipients: number;
  emailsPerSecond: number;
  noopJobsPerSecond: number;
  /** The V8 flags of both workers. */
  workerNodeFlags: string;
  workerPeakRssMb: number;
}

async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * The V8 settings the product's worker runs with (worker-process.ts: WORKER_NODE_FLAGS, else its
 * defaults): the no-op worker runs with them too, so that both sides of the ratio are the same process.
 */
async function workerNodeFlags(): Promise<string[]> {
  const { DEFAULT_WORKER_NODE_FLAGS } = (await import(
    path.join(REPO_ROOT, 'dist/server-modules/platform/runtime/worker-process.js')
  )) as { DEFAULT_WORKER_NODE_FLAGS: string };
  return (process.env.WORKER_NODE_FLAGS ?? DEFAULT_WORKER_NODE_FLAGS).split(/\s+/).filter(Boolean);
}

/**
 * Jobs per second of a no-op worker with the product's consumer settings and V8 settings, over `jobs`
 * jobs.
 */
async function noopThroughput(redisUrl: string, jobs: number): Promise<number> {
  const prefix = `bench-noop-${process.pid}`;
  const queueName = 'noop';
  const queue = new Queue(queueName, { connection: { url: redisUrl }, prefix });
  try {
    for (let added = 0; added < jobs; added += 1000) {
      await queue.addBulk(
        Array.from({ length: Math.min(1000, jobs - added) }, () => ({
          name: 'noop',
          data: {},
          opts: { removeOnComplete: true },
        })),
      );
    }
    const flags = await workerNodeFlags();
    const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'bench/noop-worker.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        NOOP_QUEUE: queueName,
        NOOP_JOBS: String(jobs),
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`the no-op worker exited with ${code}: ${output}`);
    const { ms } = JSON.parse(output.trim()) as { ms: number };
    return jobs / (ms / 1000);
  } finally {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

export async function measureCampaign(options: {
  admin: Shopper;
  baseUrl: string;
  databaseUrl: string;
  redisUrl: string;
  sink: SmtpSink;
  workerPid: number;
  recipients: number;
}): Promise<CampaignThroughput> {
  const { admin, sink, recipients } = options;
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into subscriber (id, email, status, created_at, confirmed_at)
       select gen_random_uuid(), 'bench-' || g || '@example.test', 'confirmed', now(), now()
         from generate_series(1, $1::int) g`,
      [recipients],
    );
  } finally {
    await db.end();
  }
  const created = await admin.client.post('/api/admin/campaigns', {
    subject: 'Benchmark newsletter',
    body: '## Ten tips\n\nA paragraph with **bold** text and [a link](https://seo.example/tips).',
  });
  if (created.status !== 201) throw new Error(`create campaign: ${created.status} ${created.text}`);
  const { id } = created.body as { id: string };
  const before = sink.delivered();
  const startedAt = performance.now();
  const sent = await admin.client.post(`/api/admin/campaigns/${id}/send`, { sendAt: null });
  if (sent.status !== 200) throw new Error(`send campaign: ${sent.status} ${sent.text}`);
  await pollUntil(() => sink.delivered() - before >= recipients || undefined, {
    timeoutMs: 600_000,
    intervalMs: 20,
    what: `${recipients} newsletter e-mails at the sink`,
  });
  const emailsPerSecond = recipients / ((sink.lastAt() - startedAt) / 1000);
  const workerPeakRssMb = await peakRssMb(options.workerPid);
  const noopJobsPerSecond = await noopThroughput(options.redisUrl, recipients);
  const flags = (await workerNodeFlags()).join(' ');
  return {
    recipients,
    emailsPerSecond,
    noopJobsPerSecond,
    workerPeakRssMb,
    workerNodeFlags: flags,
  };
}

/** The campaign lines of the report: the rate against the no-op baseline and the worker's peak RSS. */
export function campaignReport(
  result: CampaignThroughput,
  target: number,
  peakRssTargetMb: number,
): string {
  const ratio = result.emailsPerSecond / result.noopJobsPerSecond;
  const peak = result.workerPeakRssMb;
  return (
    `Newsletter to ${result.recipients} confirmed subscribers (SMTP sink): ` +
    `${result.emailsPerSecond.toFixed(0)} e-mails/s; no-op jobs on the same worker settings ` +
    `(consumer options and V8 flags: ${result.workerNodeFlags || 'none'}): ` +
    `${result.noopJobsPerSecond.toFixed(0)} jobs/s = ${(ratio * 100).toFixed(1)} %; ` +
    `worker peak RSS (VmHWM) ${peak.toFixed(0)} MB\n` +
    `target "newsletter e-mails/s ≥ ${(target * 100).toFixed(0)} % of no-op jobs/s": ` +
    `${ratio >= target ? 'MET' : 'NOT MET'} (${(ratio * 100).toFixed(1)} %)\n` +
    `target "worker peak RSS ≤ ${peakRssTargetMb} MB while sending": ` +
    `${peak <= peakRssTargetMb ? 'MET' : 'NOT MET'} (${peak.toFixed(0)} MB)\n`
  );
}
