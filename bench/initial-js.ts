/**
 * The JavaScript a page loads before it is interactive, each file gzipped (level 9), added up; inline
 * scripts counted apart. On the product's served page: every script Chromium requests until the page
 * has hydrated. On an empty Vite React template (an `<h1>` rendered with react-dom) built in the same
 * run with the project's own vite and @vitejs/plugin-react: the module scripts and modulepreloads of
 * its HTML (all it loads).
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright';
import { build } from 'vite';
import { REPO_ROOT } from '../test/support/app-process.js';

export interface InitialJs {
  /** gzip bytes, all files together. */
  gzipBytes: number;
  files: { name: string; gzipBytes: number }[];
  /** gzip bytes of the inline scripts, each alone. */
  inlineGzipBytes: number;
}

/** Reads a file the page names, by its URL path (`/assets/index-Ab12.js`). */
type FetchFile = (urlPath: string) => Promise<Buffer>;

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];

/** Script types a browser runs. */
const isScriptType = (type: string | undefined) =>
  type === undefined || /^(module|text\/javascript|application\/javascript)$/i.test(type);

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

/** The scripts of a page's HTML: the files it names, and the gzip bytes of its inline scripts. */
function scriptsOf(html: string): { urls: Set<string>; inlineGzipBytes: number } {
  const urls = new Set<string>();
  let inlineGzipBytes = 0;
  for (const [element, body = ''] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const tag = element.slice(0, element.indexOf('>') + 1);
    if (!isScriptType(attribute(tag, 'type'))) continue;
    const src = attribute(tag, 'src');
    if (src) urls.add(src);
    else if (body.trim()) inlineGzipBytes += gzipSize(body);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel')?.toLowerCase() === 'modulepreload' && href) urls.add(href);
  }
  return { urls, inlineGzipBytes };
}

/** The initial JavaScript of a page, from its HTML. */
export async function measureInitialJs(html: string, fetchFile: FetchFile): Promise<InitialJs> {
  const { urls, inlineGzipBytes } = scriptsOf(html);
  const files: InitialJs['files'] = [];
  for (const url of urls) {
    files.push({ name: url, gzipBytes: gzipSize(await fetchFile(url)) });
  }
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { gzipBytes, files, inlineGzipBytes };
}

/** A page of the product has hydrated: its root layout marks the document (`data-hydrated`). */
const HYDRATED = 'html[data-hydrated]';

/**
 * The initial JavaScript of the served page at `url`, in Chromium: every script the page requests
 * until it has hydrated. (A server-rendered page names only its small entry in its HTML and loads the
 * app once it is painted, so the HTML alone would undercount.) Each file is fetched again from the
 * same server and gzipped like the template's.
 */
export async function measureServedPage(url: string, chromePath: string): Promise<InitialJs> {
  const browser = await chromium.launch({ executablePath: chromePath });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.goto(url);
    await page.waitForSelector(HYDRATED, { timeout: 60_000 });
    const requested = [...scripts];
    const { inlineGzipBytes } = scriptsOf(await (await fetch(url)).text());
    const files: InitialJs['files'] = [];
    for (const script of requested) {
      const response = await fetch(script);
      if (!response.ok) throw new Error(`GET ${script}: ${response.status}`);
      const name = new URL(script).pathname;
      files.push({ name, gzipBytes: gzipSize(Buffer.from(await response.arrayBuffer())) });
    }
    const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
    return { gzipBytes, files, inlineGzipBytes };
  } finally {
    await browser.close();
  }
}

const TEMPLATE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Vite + React</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;

const TEMPLATE_MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Vite + React</h1>
  </StrictMode>,
);
`;

/** Builds the empty Vite React template in a temporary folder and measures its page. */
export async function measureEmptyTemplate(): Promise<InitialJs> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bench-vite-template-'));
  try {
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'index.html'), TEMPLATE_HTML);
    await writeFile(path.join(root, 'src/main.tsx'), TEMPLATE_MAIN);
    // react and react-dom resolve from the project's own node_modules.
    await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const outDir = path.join(root, 'dist');
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir },
    });
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    return await measureInitialJs(html, (src) => readFile(path.join(outDir, src)));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
