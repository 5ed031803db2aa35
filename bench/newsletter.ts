/**
 * The newsletter's part of `npm run bench`: a campaign to BENCH_SUBSCRIBERS (10,000) confirmed subscribers
 * sent by the worker process to a local SMTP sink that only counts, as e-mails per second from the send
 * request to the last delivery, next to the throughput of a worker with the same consumer settings on
 * no-op jobs in the same run (the mean of a run just before and one just after the campaign); the
 * worker's peak RSS (VmHWM), and each side's CPU while sending (worker, sink, PostgreSQL).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Queue } from 'bullmq';
import pg from 'pg';
import { REPO_ROOT } from '../test/support/app-process.js';
import { getFreePort, pollUntil } from '../test/support/net.js';
import type { Shopper } from './orders.js';

export interface SmtpSink {
  url: string;
  delivered(): number;
  /** performance.now() of the first delivery (0: none yet). */
  firstAt(): number;
  /** performance.now() of the latest delivery. */
  lastAt(): number;
  close(): Promise<void>;
}

const END_OF_DATA = Buffer.from('\r\n.\r\n');
const CRLF = Buffer.from('\r\n');
const NOTHING = Buffer.alloc(0);

/**
 * An SMTP server that accepts and counts every message, and does nothing else: EHLO (offering
 * PIPELINING), MAIL, RCPT, DATA, RSET, NOOP and QUIT, each answered 250 (354, 221), a message ending at
 * its CRLF.CRLF. It shares the machine's CPUs with the worker it measures, so it must cost next to
 * nothing per message: smtp-server (a full server, used by the tests' mailbox) spends about as much CPU
 * per message as the worker sending it, which halved the measured rate on a 2-CPU machine.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  let delivered = 0;
  let firstAt = 0;
  let lastAt = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let inData = false;
    /** A command line not complete yet. */
    let carry = NOTHING;
    /** In a message: its last bytes so far (an ending split across reads); at its start, a line end. */
    let tail = NOTHING;
    socket.on('data', (chunk: Buffer) => {
      const input = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      carry = NOTHING;
      let at = 0;
      let replies = '';
      while (at < input.length) {
        if (inData) {
          // Where the message ends: across the previous read and this one, or within this one.
          const joint = Buffer.concat([tail, input.subarray(at, at + END_OF_DATA.length - 1)]);
          const across = joint.indexOf(END_OF_DATA);
          const within = across < 0 ? input.indexOf(END_OF_DATA, at) : -1;
          if (across < 0 && within < 0) {
            tail = Buffer.from(
              Buffer.concat([tail, input.subarray(Math.max(at, input.length - 4))]).subarray(-4),
            );
            break;
          }
          at =
            across >= 0
              ? at + across + END_OF_DATA.length - tail.length
              : within + END_OF_DATA.length;
          inData = false;
          tail = NOTHING;
          delivered += 1;
          lastAt = performance.now();
          firstAt ||= lastAt;
          replies += '250 2.0.0 Accepted\r\n';
          continue;
        }
        const end = input.indexOf(CRLF, at);
        if (end < 0) {
          carry = Buffer.from(input.subarray(at));
          break;
        }
        const verb = input.toString('latin1', at, Math.min(end, at + 4)).toUpperCase();
        at = end + 2;
        if (verb === 'EHLO') replies += '250-sink\r\n250-PIPELINING\r\n250 8BITMIME\r\n';
        else if (verb === 'DATA') {
          replies += '354 Go ahead\r\n';
          inData = true;
          tail = CRLF;
        } else if (verb === 'QUIT') {
          socket.end(`${replies}221 Bye\r\n`);
          return;
        } else replies += '250 OK\r\n';
      }
      if (replies) socket.write(replies);
    });
    socket.write('220 sink ESMTP\r\n');
  });
  const port = await getFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered: () => delivered,
    firstAt: () => firstAt,
    lastAt: () => lastAt,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface CampaignThroughput {
  recipients: number;
  emailsPerSecond: number;
  /** From the send request to the first e-mail at the sink (the fan-out and the first batches' start). */
  firstEmailAfterMs: number;
  /** The mean of the no-op runs just before and just after the campaign. */
  noopJobsPerSecond: number;
  noopRuns: [before: number, after: number];
  /** Each side's CPU while sending, in % of one core. */
  cpu: CpuShares;
  /** The V8 flags of both workers. */
  workerNodeFlags: string;
  workerPeakRssMb: number;
}

/** CPU time so far, in clock ticks, of the worker, this process (the sink) and PostgreSQL's processes. */
interface CpuTicks {
  worker: number;
  sink: number;
  postgres: number;
}
export type CpuShares = CpuTicks;

async function ticksOf(pid: string): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // utime and stime: the 14th and 15th fields, counted after the command's closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

async function cpuTicks(workerPid: number): Promise<CpuTicks> {
  let postgres = 0;
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.startsWith('postgres')) postgres += await ticksOf(pid);
  }
  return {
    worker: await ticksOf(String(workerPid)),
    sink: await ticksOf(String(process.pid)),
    postgres,
  };
}

/** Ticks are 1/100 s on Linux: the share of one core each side used over `ms`. */
function cpuShares(before: CpuTicks, after: CpuTicks, ms: number): CpuShares {
  const share = (key: keyof CpuTicks) => ((after[key] - before[key]) * 10 * 100) / ms;
  return { worker: share('worker'), sink: share('sink'), postgres: share('postgres') };
}

async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * The V8 settings the product's worker runs with (node-flags.ts: WORKER_NODE_FLAGS, else its
 * defaults): the no-op worker runs with them too, so that both sides of the ratio are the same process.
 */
async function workerNodeFlags(): Promise<string[]> {
  const { DEFAULT_WORKER_NODE_FLAGS } = (await import(
    path.join(REPO_ROOT, 'dist/server-modules/platform/runtime/node-flags.js')
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
    // As a database that has had its subscribers a while (no autovacuum of them during the runs).
    await db.query('vacuum analyze subscriber');
  } finally {
    await db.end();
  }
  const created = await admin.client.post('/api/admin/campaigns', {
    subject: 'Benchmark newsletter',
    body: '## Ten tips\n\nA paragraph with **bold** text and [a link](https://seo.example/tips).',
  });
  if (created.status !== 201) throw new Error(`create campaign: ${created.status} ${created.text}`);
  const { id } = created.body as { id: string };
  // The machine's speed drifts (other processes, PostgreSQL's autovacuum after the campaign): the
  // baseline is measured on both sides of the campaign.
  const noopBefore = await noopThroughput(options.redisUrl, recipients);
  const before = sink.delivered();
  const cpuBefore = await cpuTicks(options.workerPid);
  const startedAt = performance.now();
  const sent = await admin.client.post(`/api/admin/campaigns/${id}/send`, { sendAt: null });
  if (sent.status !== 200) throw new Error(`send campaign: ${sent.status} ${sent.text}`);
  await pollUntil(() => sink.delivered() - before >= recipients || undefined, {
    timeoutMs: 600_000,
    intervalMs: 20,
    what: `${recipients} newsletter e-mails at the sink`,
  });
  const cpu = cpuShares(
    cpuBefore,
    await cpuTicks(options.workerPid),
    performance.now() - startedAt,
  );
  const emailsPerSecond = recipients / ((sink.lastAt() - startedAt) / 1000);
  const firstEmailAfterMs = sink.firstAt() - startedAt;
  const workerPeakRssMb = await peakRssMb(options.workerPid);
  const noopAfter = await noopThroughput(options.redisUrl, recipients);
  const flags = (await workerNodeFlags()).join(' ');
  return {
    recipients,
    emailsPerSecond,
    firstEmailAfterMs,
    cpu,
    noopJobsPerSecond: (noopBefore + noopAfter) / 2,
    noopRuns: [noopBefore, noopAfter],
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
    `${result.emailsPerSecond.toFixed(0)} e-mails/s (the first after ${result.firstEmailAfterMs.toFixed(0)} ms); no-op jobs on the same worker settings ` +
    `(consumer options and V8 flags: ${result.workerNodeFlags || 'none'}): ` +
    `${result.noopJobsPerSecond.toFixed(0)} jobs/s (the mean of ${result.noopRuns.map((rate) => rate.toFixed(0)).join(' before and ')} after) = ${(ratio * 100).toFixed(1)} %; ` +
    `worker peak RSS (VmHWM) ${peak.toFixed(0)} MB; CPU while sending (% of one core): ` +
    `worker ${result.cpu.worker.toFixed(0)}, the sink and this process ${result.cpu.sink.toFixed(0)}, ` +
    `PostgreSQL ${result.cpu.postgres.toFixed(0)}\n` +
    `target "newsletter e-mails/s ≥ ${(target * 100).toFixed(0)} % of no-op jobs/s": ` +
    `${ratio >= target ? 'MET' : 'NOT MET'} (${(ratio * 100).toFixed(1)} %)\n` +
    `target "worker peak RSS ≤ ${peakRssTargetMb} MB while sending": ` +
    `${peak <= peakRssTargetMb ? 'MET' : 'NOT MET'} (${peak.toFixed(0)} MB)\n`
  );
}
