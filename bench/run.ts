/**
 * Throughput of the built server against a bare Fastify hello-world, on this machine:
 *
 *   npm run bench        (builds, then: node --import tsx bench/run.ts)
 *
 * Starts the services (test/support/services.ts), an SMTP mailbox, the server (roles api and worker,
 * LOG_LEVEL=warn) and bench/baseline-server.ts. First, on the quiet server, Lighthouse on the public
 * pages and the landing page's initial JavaScript against an empty Vite React template
 * (bench/lighthouse.ts). Then it warms both servers up and measures with autocannon one
 * target at a time: GET /api/health (readiness) and /api/health/live vs the baseline's /health,
 * GET /api/content vs the baseline serving the same bytes from memory, GET / (the server-rendered home
 * page, as is and in brotli) vs the baseline sending the same bytes from memory (bench/pages.ts), and a
 * signed-in POST /api/orders vs the baseline inserting the same row with plain SQL (bench/orders.ts).
 * Then BENCH_BURST_CONNECTIONS (50) connections on GET / for BENCH_BURST_S (30) seconds, and the API's
 * RSS at rest (before the autocannon runs) and after them.
 * Before those, on a quiet server, BENCH_PAYMENTS (40) purchases at the PayPal simulator, one after
 * another: IPN received → order Paid, p50 and p95; a newsletter to BENCH_SUBSCRIBERS (10,000) confirmed
 * subscribers through an SMTP sink against no-op jobs (bench/newsletter.ts); then the worker is stopped, so that the
 * throughput measured is the API's own (the e-mails of the orders wait in the outbox).
 * BENCH_CONNECTIONS (10), BENCH_DURATION_S (5) and BENCH_WARMUP_S (2) tune it; BENCH_ONLY=pages
 * measures the pages and the memory alone (no Lighthouse, payments, newsletter or other targets),
 * BENCH_ONLY=newsletter the campaign alone (against no-op jobs, with the worker's peak RSS),
 * BENCH_ONLY=orders the order placement alone and BENCH_ONLY=health the two health routes alone (no
 * Lighthouse, payments, newsletter, burst or memory); BENCH_ONLY=worker-memory the memory at rest of a
 * worker and of an API process alone (bench/worker-memory.ts, also part of a full run);
 * BENCH_ONLY=initial-js the landing page's initial JavaScript against the empty template alone (no
 * Lighthouse scores, no worker), the quick check while trimming the SPA's first load.
 * A benchmark, not a test: it reports whether the target is met and exits 0 either way
 * (non-zero only when it could not run).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type AppProcess, REPO_ROOT, startApp } from '../test/support/app-process.js';
import { type Mailbox, startMailbox } from '../test/support/mailbox.js';
import { getFreePort, pollUntil } from '../test/support/net.js';
import { type TestServices, startServices } from '../test/support/services.js';
import {
  landingJsReport,
  lighthouseReport,
  measureLandingJs,
  measureLighthouse,
} from './lighthouse.js';
import { campaignReport, measureCampaign, startSmtpSink } from './newsletter.js';
import { measureIpnToPaid, orderRequest, signInShopper } from './orders.js';
import { burst, memoryReport, type PageFiles, rssMb, savePage } from './pages.js';
import { benchServerEnv } from './server-env.js';
import { measureWorkerMemory, workerMemoryReport } from './worker-memory.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 40);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const BURST_CONNECTIONS = Number(process.env.BENCH_BURST_CONNECTIONS ?? 50);
const BURST_S = Number(process.env.BENCH_BURST_S ?? 30);
const ONLY = process.env.BENCH_ONLY;
if (
  ONLY !== undefined &&
  !['pages', 'orders', 'health', 'newsletter', 'worker-memory', 'initial-js'].includes(ONLY)
) {
  throw new Error(
    `BENCH_ONLY must be pages, orders, health, newsletter, worker-memory or initial-js (got ${ONLY})`,
  );
}
/** The newsletter alone: its campaign against no-op jobs, and the worker's peak RSS. */
const NEWSLETTER_ONLY = ONLY === 'newsletter';
/** Only some targets: no Lighthouse, payments or newsletter. */
const PARTIAL = ONLY !== undefined;
const PAGES_ONLY = ONLY === 'pages';
/** The API's RSS after its runs, as a multiple of its RSS at rest. */
const RSS_TARGET = 1.3;
/** Newsletter e-mails per second, as a share of the same worker settings' no-op jobs per second. */
const NEWSLETTER_TARGET = 0.3;
/** The worker's peak RSS (VmHWM) while sending the campaign, in MB. */
const NEWSLETTER_PEAK_RSS_TARGET_MB = 150;
/** Each product endpoint must reach this share of bare Fastify's throughput for the same answer. */
const TARGETS: Record<string, number> = {
  'GET /api/health': 0.8,
  'GET /api/health/live': 0.8,
  'GET /api/content': 0.75,
  'GET / (server-rendered home page)': 0.5,
  'GET / (server-rendered home page, brotli)': 0.5,
  'POST /api/orders': 0.35,
};
/** IPN received → order Paid, 95th percentile. */
const IPN_P95_TARGET_MS = 1000;
const ADMIN_EMAIL = 'admin@seo-agency.test';
const ADMIN_PASSWORD = 'Bench-Admin-Password-1';

interface Target {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Measurement {
  label: string;
  reqPerSec: number;
  p99Ms: number;
  avgMs: number;
  requests: number;
  failures: number;
}

interface Baseline {
  url: string;
  stop(): Promise<void>;
}

async function startBaseline(
  contentFile: string,
  databaseUrl: string,
  page: PageFiles,
): Promise<Baseline> {
  const port = await getFreePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'bench/baseline-server.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        CONTENT_FILE: contentFile,
        PAGE_FILE: page.plain,
        PAGE_BR_FILE: page.brotli,
        DATABASE_URL: databaseUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await Promise.race([
      pollUntil(
        async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok,
        { timeoutMs: 30_000, intervalMs: 100, what: 'the baseline server' },
      ),
      exited.then(() => {
        throw new Error(`the baseline server exited:\n${output}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

async function measure(target: Target, durationS: number): Promise<Measurement> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: durationS,
    timeout: 10,
  });
  return {
    label: target.label,
    reqPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    avgMs: result.latency.average,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const pad = (text: string, width: number) => text.padEnd(width);
const lpad = (text: string, width: number) => text.padStart(width);

function printTable(pairs: [Measurement, Measurement][]): void {
  const header =
    pad('target', 34) +
    lpad('req/s', 10) +
    lpad('p99 ms', 9) +
    lpad('avg ms', 9) +
    lpad('failed', 8) +
    lpad('req/s vs base', 15) +
    lpad('p99 vs base', 13);
  const lines = [header, '-'.repeat(header.length)];
  for (const [product, base] of pairs) {
    for (const row of [product, base]) {
      const isProduct = row === product;
      lines.push(
        pad(row.label, 34) +
          lpad(row.reqPerSec.toFixed(0), 10) +
          lpad(String(row.p99Ms), 9) +
          lpad(row.avgMs.toFixed(2), 9) +
          lpad(String(row.failures), 8) +
          lpad(isProduct ? pct(row.reqPerSec / base.reqPerSec) : '', 15) +
          lpad(isProduct ? (base.p99Ms > 0 ? pct(row.p99Ms / base.p99Ms) : 'n/a (<1 ms)') : '', 13),
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    const services: TestServices = await startServices();
    cleanups.push(() => services.stop());
    const mailbox: Mailbox = await startMailbox();
    cleanups.push(() => mailbox.close());
    // Newsletters go to a sink that only counts (the test mailbox parses every message).
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const port = await getFreePort();
    // One uploads directory for the API and the worker (which makes the images' variants).
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = {
      ...benchServerEnv(services, port),
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The IPN measurement pays with the Payments Standard form (Checkout is the default since it landed).
      PAYMENT_INTEGRATION: 'standard',
    };
    // Each role's memory at rest, alone, before anything else runs (bench/worker-memory.ts).
    const roleMemory =
      ONLY === undefined || ONLY === 'worker-memory' ? await measureWorkerMemory(env) : undefined;
    if (ONLY === 'worker-memory') {
      process.stdout.write(workerMemoryReport(roleMemory ?? []));
      return;
    }
    // The API and the worker as separate processes (roles api and worker), as a deployment scales them.
    // BENCH_API_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the API alone.
    const apiNodeOptions = process.env.BENCH_API_NODE_OPTIONS;
    const app: AppProcess = await startApp({
      role: 'api',
      name: 'bench-api',
      port,
      env: apiNodeOptions ? { ...env, NODE_OPTIONS: apiNodeOptions } : env,
    });
    cleanups.push(() => app.stop(10_000));
    if (ONLY === 'initial-js') {
      process.stdout.write(landingJsReport(await measureLandingJs(app.baseUrl)));
      return;
    }
    const worker: AppProcess = await startApp({
      role: 'worker',
      name: 'bench-worker',
      env: {
        ...env,
        LOG_LEVEL: 'info',
        SMTP_URL: sink.url,
        // BENCH_WORKER_ENV (e.g. `NEWSLETTER_SEND_CONCURRENCY=20 SMTP_POOL_SIZE=16`) tries other settings.
        ...Object.fromEntries(
          (process.env.BENCH_WORKER_ENV ?? '')
            .split(/\s+/)
            .filter(Boolean)
            .map((setting) => [
              setting.slice(0, setting.indexOf('=')),
              setting.slice(setting.indexOf('=') + 1),
            ]),
        ),
        // BENCH_WORKER_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the worker.
        ...(process.env.BENCH_WORKER_NODE_OPTIONS
          ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS }
          : {}),
      },
    });
    cleanups.push(() => worker.stop(10_000));
    // The browser's view first, while nothing else runs.
    process.stdout.write(
      "Lighthouse: the public pages, and the landing page's initial JavaScript\n",
    );
    const lighthouse = PARTIAL
      ? undefined
      : await measureLighthouse(app.baseUrl, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    // The baseline serves the very bytes of the product's snapshot (the demo content of a fresh install).
    const contentDir = await mkdtemp(path.join(os.tmpdir(), 'bench-content-'));
    cleanups.push(() => rm(contentDir, { recursive: true, force: true }));
    const contentFile = path.join(contentDir, 'content.json');
    await writeFile(contentFile, await (await fetch(`${app.baseUrl}/api/content`)).text());
    // The newsletter alone needs neither (nor the web app's build the page comes from).
    const baseline = NEWSLETTER_ONLY
      ? { url: '', stop: () => Promise.resolve() }
      : await startBaseline(
          contentFile,
          services.databaseUrl,
          await savePage(app.baseUrl, contentDir),
        );
    cleanups.push(() => baseline.stop());
    const shopper = await signInShopper(app.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);

    // Payments first, while the worker has nothing else to do (the order burst below queues e-mails).
    if (!PARTIAL)
      process.stdout.write(`PayPal simulator: ${PAYMENTS} purchases, one after another\n`);
    const ipn = PARTIAL
      ? undefined
      : await measureIpnToPaid(shopper, app.baseUrl, services.databaseUrl, PAYMENTS);
    if (!PARTIAL || NEWSLETTER_ONLY)
      process.stdout.write(`Newsletter: a campaign to ${SUBSCRIBERS} confirmed subscribers\n`);
    const campaign =
      PARTIAL && !NEWSLETTER_ONLY
        ? undefined
        : await measureCampaign({
            admin: shopper,
            baseUrl: app.baseUrl,
            databaseUrl: services.databaseUrl,
            redisUrl: services.redisUrl,
            sink,
            workerPid: worker.pid,
            recipients: SUBSCRIBERS,
          });
    // The throughput of the API's own work: with the worker stopped, the e-mails each order asks for
    // wait in the outbox instead of taking the CPU the API is measured on.
    await worker.stop(10_000);
    const order = orderRequest(shopper, app.baseUrl);

    const brotli = { headers: { 'accept-encoding': 'gzip, deflate, br' } };
    const pagePairs: [Target, Target][] = [
      [
        { label: 'product GET / (server-rendered home page)', url: `${app.baseUrl}/` },
        { label: 'bare Fastify GET /page (same bytes)', url: `${baseline.url}/page` },
      ],
      [
        {
          label: 'product GET / (server-rendered home page, brotli)',
          url: `${app.baseUrl}/`,
          ...brotli,
        },
        {
          label: 'bare Fastify GET /page (same brotli bytes)',
          url: `${baseline.url}/page`,
          ...brotli,
        },
      ],
    ];
    const healthPairs: [Target, Target][] = [
      [
        { label: 'product GET /api/health', url: `${app.baseUrl}/api/health` },
        { label: 'bare Fastify GET /health', url: `${baseline.url}/health` },
      ],
      [
        { label: 'product GET /api/health/live', url: `${app.baseUrl}/api/health/live` },
        { label: 'bare Fastify GET /health', url: `${baseline.url}/health` },
      ],
    ];
    const contentPairs: [Target, Target][] = [
      [
        { label: 'product GET /api/content', url: `${app.baseUrl}/api/content` },
        { label: 'bare Fastify GET /content (same bytes)', url: `${baseline.url}/content` },
      ],
    ];
    const orderPairs: [Target, Target][] = [
      [
        { label: 'product POST /api/orders', url: `${app.baseUrl}/api/orders`, ...order },
        {
          label: 'bare Fastify POST /orders (SQL insert)',
          url: `${baseline.url}/orders`,
          ...order,
        },
      ],
    ];
    const pairs =
      ONLY === 'pages'
        ? pagePairs
        : ONLY === 'orders'
          ? orderPairs
          : ONLY === 'health'
            ? healthPairs
            : NEWSLETTER_ONLY
              ? []
              : [...healthPairs, ...contentPairs, ...orderPairs, ...pagePairs];
    /** The burst on GET / and the RSS it leaves: with the pages, not with orders or health alone. */
    const withMemory = ONLY === undefined || PAGES_ONLY;

    // At rest: started, its pages rendered once, nothing asked of it for a moment.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const atRestMb = await rssMb(app.pid);
    process.stdout.write(
      `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per target, ${WARMUP_S} s warm-up, ` +
        'one target at a time\n',
    );
    for (const target of pairs.flat()) await measure(target, WARMUP_S);

    const results: [Measurement, Measurement][] = [];
    for (const [product, base] of pairs) {
      // The baseline first: what the product leaves to do in the background (e-mails of the orders)
      // must not slow the baseline down.
      const baseResult = await measure(base, DURATION_S);
      results.push([await measure(product, DURATION_S), baseResult]);
    }
    let memory: Parameters<typeof memoryReport>[0] | undefined;
    if (withMemory) {
      process.stdout.write(
        `burst: ${BURST_CONNECTIONS} connections on GET / for ${BURST_S} s, then the API's RSS\n`,
      );
      const burstReqPerSec = await burst(`${app.baseUrl}/`, BURST_CONNECTIONS, BURST_S);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      memory = {
        atRestMb,
        afterMb: await rssMb(app.pid),
        burstConnections: BURST_CONNECTIONS,
        burstSeconds: BURST_S,
        burstReqPerSec,
      };
    }
    process.stdout.write('\n');
    printTable(results);

    for (const [product, base] of results) {
      const name = product.label.replace(/^product /, '');
      const target = TARGETS[name];
      if (target === undefined) continue;
      const ratio = product.reqPerSec / base.reqPerSec;
      process.stdout.write(
        `\ntarget "${name} ≥ ${pct(target)} of bare Fastify's req/s": ` +
          `${ratio >= target ? 'MET' : 'NOT MET'} (${pct(ratio)})`,
      );
    }
    process.stdout.write(memory ? `\n${memoryReport(memory, RSS_TARGET)}` : '\n');
    if (ipn) {
      process.stdout.write(
        `IPN received → order Paid over ${ipn.samples} payments: p50 ${ipn.p50Ms.toFixed(0)} ms, ` +
          `p95 ${ipn.p95Ms.toFixed(0)} ms, max ${ipn.maxMs.toFixed(0)} ms\n` +
          `target "IPN → Paid p95 < ${IPN_P95_TARGET_MS} ms": ` +
          `${ipn.p95Ms < IPN_P95_TARGET_MS ? 'MET' : 'NOT MET'} (${pct(ipn.p95Ms / IPN_P95_TARGET_MS)} of it)\n`,
      );
    }
    if (campaign) {
      process.stdout.write(
        campaignReport(campaign, NEWSLETTER_TARGET, NEWSLETTER_PEAK_RSS_TARGET_MB),
      );
    }
    if (roleMemory) process.stdout.write(workerMemoryReport(roleMemory));
    if (lighthouse) process.stdout.write(`\n${lighthouseReport(lighthouse)}`);
    const failures = results.flat().filter((row) => row.failures > 0);
    for (const row of failures) {
      process.stdout.write(`warning: ${row.label} had ${row.failures} failed/non-2xx responses\n`);
    }
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
