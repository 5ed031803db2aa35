import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The API the SPA talks to while developing or previewing (the NestJS server), and the queue dashboard
 * it serves itself (QUEUE_DASHBOARD_PATH, not a page of the SPA).
 */
const server = { target: 'http://localhost:3000', changeOrigin: true };
const apiProxy = { '/api': server, '^/admin/queues(/|$)': server };

/** The packages of the `framework` chunk, and the bundler's runtime helpers (every chunk needs them). */
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]|^\0?rolldown[\\/]runtime/;

/**
 * TanStack Query's mutations (`useMutation`), which forms use and no page before it has hydrated:
 * left to the chunks that use them rather than put in `framework` or `boot` (`boot` imports the
 * package's index, which names them, so they count among its static imports too).
 */
const LATER_FRAMEWORK_MODULES =
  /node_modules[\\/]@tanstack[\\/](react-query[\\/].*[\\/]useMutation|query-core[\\/].*[\\/]mutationObserver)\.js$/;

/**
 * Records the modules `entry` (a source path) imports statically, directly or not, once the build
 * has read them all: what `has` answers for the `codeSplitting` groups.
 */
function staticImportsOf(entry: string): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'static-imports-of',
    apply: 'build',
    buildEnd() {
      const start = this.getModuleIds().find((id) => id === fromHere(entry));
      if (!start) return;
      const queue = [start];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (modules.has(id)) continue;
        modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}

/**
 * The app's start (`boot.tsx`, loaded by every page once painted) with what it imports: one chunk,
 * rather than the many small ones the automatic split makes of the parts other chunks share too.
 */
const bootModules = staticImportsOf('src/boot.tsx');

/**
 * What the footer imports (every page shows it, but hydrates it later: `site-shell.tsx`), but for the
 * footer's own code: with `boot` too, rather than in small chunks of their own (the landing page's
 * banner shares its images and icons). Its stylesheet is among them: a page the server rendered is
 * shown styled with the app's CSS before any code runs (src/modules/site/rendering/asset-manifest.ts).
 */
const footerModules = staticImportsOf('src/app/layout/site-footer.tsx');
const FOOTER_CODE = /[\\/]web[\\/]src[\\/]app[\\/]layout[\\/]site-footer\.tsx$/;

/** The layout every page renders in (`Page`, `Container`, `Section`): with `boot` too. */
const PAGE_LAYOUT = /[\\/]web[\\/]src[\\/]components[\\/]ui[\\/]page\.(tsx|css)$/;

/** The `boot` chunk's modules: the app's start's, the footer's but its own code, the page layout. */
const inBoot = (id: string) =>
  (bootModules.has(id) ||
    (footerModules.has(id) && !FOOTER_CODE.test(id)) ||
    PAGE_LAYOUT.test(id)) &&
  !LATER_FRAMEWORK_MODULES.test(id);

/**
 * React Router's production build in the browser's build: its package points bundlers at its
 * development build, whose warnings for developers (in the console) add half a kilobyte to every
 * page's first load. (`vite` serving the SPA in development keeps the development build.)
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}

/** The fonts every page's first text uses (styles/fonts.css): fetched with the HTML, not after the CSS. */
const PRELOADED_FONTS = ['inter-latin-wght-normal.woff2'];

/**
 * Adds `<link rel="preload" as="font">` for the built (hashed) files of `fonts` to index.html. Fails
 * the build when one is missing, so that a renamed font cannot quietly lose its preload.
 */
function preloadFonts(fonts: readonly string[]): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const assets = Object.values(bundle ?? {}).filter((output) => output.type === 'asset');
        return fonts.map((font) => {
          const asset = assets.find((output) =>
            output.originalFileNames.some((original) => path.basename(original) === font),
          );
          if (!asset) throw new Error(`preload-fonts: ${font} is not in the build`);
          return {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${asset.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          };
        });
      },
    },
  };
}

export default defineConfig({
  root: fromHere('.'),
  plugins: [
    react(),
    preloadFonts(PRELOADED_FONTS),
    bootModules.plugin,
    footerModules.plugin,
    reactRouterProductionBuild(),
    // A brotli and a gzip copy of each text file of the browser's build, at the highest levels (once,
    // at build time): the server sends the one a request accepts (src/platform/http/web-assets.ts).
    // index.html is left out: the server renders the pages and compresses them as it sends them.
    {
      ...compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        include: /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/,
        threshold: 1024,
      }),
      apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    },
  ],
  resolve: {
    alias: [
      // The zod schemas and types shared with the server.
      { find: '@contracts', replacement: fromHere('../src/contracts') },
      // zod without its `new Function` probe, which the CSP reports (src/lib/zod-without-eval.ts).
      { find: /^zod$/, replacement: fromHere('src/lib/zod-without-eval.ts') },
    ],
  },
  build: {
    // Relative to `root` (web/): /work/main/dist/web.
    outDir: '../dist/web',
    emptyOutDir: true,
    // .vite/manifest.json: the chunks and CSS of each route module, linked by server-rendered pages.
    manifest: true,
    // Every browser that runs the app supports `<link rel="modulepreload">`: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // No report of slow plugins: on a busy machine it fires for any build, and it is noise to
    // `npm start`, whose build shows only warnings and errors.
    rolldownOptions: {
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // The framework every page hydrates with (React, the data router, TanStack Query) in one
            // chunk: one file compresses better than the dozen small ones the automatic split makes
            // of it, and every page loads all of it anyway.
            {
              name: 'framework',
              test: (id: string) => FRAMEWORK_MODULES.test(id) && !LATER_FRAMEWORK_MODULES.test(id),
              priority: 1,
            },
            // Vite's preload helper stays with the page's entry, which loads the app with it once the
            // page is painted (in `boot`, the entry would load the app at once).
            {
              name: 'index',
              test: /^\0?vite[\\/]preload-helper|[\\/]web[\\/]src[\\/]main\.tsx$/,
              priority: 2,
            },
            { name: 'boot', test: inBoot },
          ],
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
