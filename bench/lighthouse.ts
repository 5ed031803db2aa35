/**
 * The public site's budgets, part of `npm run bench` (bench/run.ts runs it first, on a quiet server):
 * Lighthouse (the npm package, its default config: a mobile device on a throttled network, simulated)
 * on `/`, `/pricing/`, `/service/` and `/seo-check` in headless Chromium, BENCH_LIGHTHOUSE_RUNS (3) runs per page, the
 * median run by performance reported: the four category scores, FCP, LCP, TBT and CLS; then the
 * landing page's initial JavaScript (gzip) next to an empty Vite React template built in the same run
 * (bench/initial-js.ts). Goals: performance ≥ 95, accessibility ≥ 98, best practices 100 and SEO 100
 * on every page; initial JS ≤ 1.8× the template's (React, react-dom, the data router and TanStack Query
 * alone are about 1.6×).
 *
 * Alone, against a build (`npm run build` first):  node --import tsx bench/lighthouse.ts
 * Chromium: CHROME_PATH (default /usr/bin/chromium).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from '../test/support/app-process.js';
import { getFreePort } from '../test/support/net.js';
import { startServices } from '../test/support/services.js';
import { type InitialJs, measureEmptyTemplate, measureServedPage } from './initial-js.js';
import { type BenchAdmin, useResponsiveBanner } from './responsive-banner.js';
import { benchServerEnv } from './server-env.js';

const PAGES = ['/', '/pricing/', '/service/', '/seo-check'];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Headless Debian Chromium as root, without the background traffic that would skew the network. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The lowest score each category may have, on every page. */
const SCORE_GOALS: Record<Category, number> = {
  performance: 95,
  accessibility: 98,
  'best-practices': 100,
  seo: 100,
};
/** The landing page's initial JavaScript, as a multiple of the empty template's. */
const INITIAL_JS_GOAL = 1.8;

export interface PageScores {
  page: string;
  /** The performance score of every run of the page, in order (the median run is reported). */
  performanceRuns?: number[];
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseReport extends LandingJsReport {
  version: string;
  runs: number;
  pages: PageScores[];
}

const median = <T>(items: T[], by: (item: T) => number): T =>
  [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;

/** Attempts per run: Lighthouse now and then fails to record a trace (NO_NAVSTART); that run is retried. */
const ATTEMPTS = 3;

/** One Lighthouse run on `url`, in a Chromium of its own (as the CLI does). */
async function runLighthouse(url: string): Promise<{ version: string; scores: PageScores }> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        if (attempt < ATTEMPTS) continue;
        throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      }
      const score = (category: Category) =>
        Math.round((lhr.categories[category]?.score ?? 0) * 100);
      const metric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
      return {
        version: lhr.lighthouseVersion,
        scores: {
          page: new URL(url).pathname,
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as PageScores['scores'],
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
        },
      };
    } finally {
      chrome.kill();
    }
  }
}

/** Lighthouse on each page, RUNS times; the median run of each page by performance. */
async function scorePages(baseUrl: string): Promise<{ version: string; pages: PageScores[] }> {
  let version = '';
  const pages: PageScores[] = [];
  for (const page of PAGES) {
    const runs: PageScores[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await runLighthouse(new URL(page, baseUrl).toString());
      version = result.version;
      runs.push(result.scores);
    }
    const performanceRuns = runs.map((run) => run.scores.performance);
    pages.push({ ...median(runs, (run) => run.scores.performance), performanceRuns });
  }
  return { version, pages };
}

/**
 * Lighthouse on the public pages of the running app at `baseUrl`, and the initial JavaScript. With
 * `admin`, the banner is first an uploaded photo with its responsive variants (bench/responsive-banner.ts).
 */
export async function measureLighthouse(
  baseUrl: string,
  admin?: BenchAdmin,
): Promise<LighthouseReport> {
  if (admin) await useResponsiveBanner(baseUrl, admin);
  // Warm the server (its content cache, the files' first reads) before anything is timed.
  for (const page of PAGES) await (await fetch(new URL(page, baseUrl))).arrayBuffer();
  const { version, pages } = await scorePages(baseUrl);
  return { version, runs: RUNS, pages, ...(await measureLandingJs(baseUrl)) };
}

export interface LandingJsReport {
  landingJs: InitialJs;
  templateJs: InitialJs;
}

/** The landing page's initial JavaScript and the empty template's (also alone: BENCH_ONLY=initial-js). */
export async function measureLandingJs(baseUrl: string): Promise<LandingJsReport> {
  const landingJs = await measureServedPage(new URL('/', baseUrl).toString(), CHROME_PATH);
  const templateJs = await measureEmptyTemplate();
  return { landingJs, templateJs };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const metOrNot = (met: boolean) => (met ? 'MET' : 'NOT MET');

export function lighthouseReport(report: LighthouseReport): string {
  const header =
    'page'.padEnd(12) +
    ['perf', 'a11y', 'best-pr', 'SEO'].map((label) => label.padStart(8)).join('') +
    ['FCP', 'LCP', 'TBT', 'CLS'].map((label) => label.padStart(10)).join('') +
    '  perf of each run';
  const lines = [
    `Lighthouse ${report.version}, mobile (default config, simulated throttling), headless Chromium; ` +
      `median of ${report.runs} run(s) per page by performance`,
    header,
    '-'.repeat(header.length),
  ];
  for (const page of report.pages) {
    lines.push(
      page.page.padEnd(12) +
        CATEGORIES.map((category) => String(page.scores[category]).padStart(8)).join('') +
        [
          seconds(page.fcpMs),
          seconds(page.lcpMs),
          `${Math.round(page.tbtMs)} ms`,
          page.cls.toFixed(3),
        ]
          .map((value) => value.padStart(10))
          .join('') +
        `  ${(page.performanceRuns ?? []).join(' ')}`,
    );
  }
  lines.push('');
  for (const category of CATEGORIES) {
    const goal = SCORE_GOALS[category];
    const worst = Math.min(...report.pages.map((page) => page.scores[category]));
    const comparison = goal === 100 ? '= 100' : `≥ ${goal}`;
    lines.push(
      `target "${category} ${comparison} on every page": ${metOrNot(worst >= goal)} (lowest ${worst})`,
    );
  }
  return `${lines.join('\n')}\n\n${landingJsReport(report)}`;
}

/** The initial JavaScript of `/`, file by file, and whether it meets its goal. */
export function landingJsReport({ landingJs, templateJs }: LandingJsReport): string {
  const ratio = landingJs.gzipBytes / templateJs.gzipBytes;
  const lines = [
    `initial JavaScript of / (every script loaded until hydrated, gzip -9): ${kb(landingJs.gzipBytes)} ` +
      `in ${landingJs.files.length} file(s)` +
      (landingJs.inlineGzipBytes > 0 ? ` (+ ${kb(landingJs.inlineGzipBytes)} inline)` : ''),
    ...landingJs.files
      .toSorted((a, b) => b.gzipBytes - a.gzipBytes)
      .map((file) => `  ${kb(file.gzipBytes).padStart(9)}  ${file.name}`),
    `empty Vite React template (the scripts its page loads, gzip -9): ${kb(templateJs.gzipBytes)} ` +
      `in ${templateJs.files.length} file(s)`,
    `target "initial JS ≤ ${INITIAL_JS_GOAL}× the template's": ` +
      `${metOrNot(ratio <= INITIAL_JS_GOAL)} (${ratio.toFixed(2)}×)`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Alone: the services, the built app (role all), the measurement, the report. */
async function main(): Promise<void> {
  const services = await startServices();
  try {
    const port = await getFreePort();
    const admin = { email: 'admin@seo-agency.test', password: 'Bench-Admin-Password-1' };
    const app = await startApp({
      role: 'all',
      name: 'bench-lighthouse',
      port,
      env: {
        ...benchServerEnv(services, port),
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
    });
    try {
      process.stdout.write(lighthouseReport(await measureLighthouse(app.baseUrl, admin)));
    } finally {
      await app.stop(10_000);
    }
  } finally {
    await services.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
