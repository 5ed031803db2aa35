/**
 * The JavaScript a page makes the browser load before it can run: the module scripts of its HTML and
 * the modules it preloads (`<link rel="modulepreload">`), each gzipped (level 9), added up. Inline
 * scripts (data for hydration) are counted apart. Measured on the product's served page and on an empty Vite React template (an `<h1>`
 * rendered with react-dom) built in the same run with the project's own vite and @vitejs/plugin-react.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
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

/** The initial JavaScript of a page, from its HTML. */
export async function measureInitialJs(html: string, fetchFile: FetchFile): Promise<InitialJs> {
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
  const files: InitialJs['files'] = [];
  for (const url of urls) {
    files.push({ name: url, gzipBytes: gzipSize(await fetchFile(url)) });
  }
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  return { gzipBytes, files, inlineGzipBytes };
}

/** The initial JavaScript of the served page at `url` (its files fetched from the same server). */
export async function measureServedPage(url: string): Promise<InitialJs> {
  const html = await (await fetch(url)).text();
  return measureInitialJs(html, async (src) => {
    const response = await fetch(new URL(src, url));
    if (!response.ok) throw new Error(`GET ${src}: ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  });
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
