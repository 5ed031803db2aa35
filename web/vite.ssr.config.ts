import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The server renderer (`npm run build:web`, after the browser build): web/src/entry-server.tsx as an
 * ES module for Node in dist/web-ssr, which the server's site module imports at start. Packages stay
 * imports of node_modules (so they are in package.json's `dependencies`); the CSS and images are the
 * browser build's.
 */
export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  // web/public is the browser build's to copy.
  publicDir: false,
  resolve: {
    alias: {
      '@contracts': fromHere('../src/contracts'),
    },
  },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: '../dist/web-ssr',
    emptyOutDir: true,
    target: 'node24',
    rolldownOptions: {
      output: { entryFileNames: 'entry-server.js' },
      // As the browser build: no report of slow plugins in `npm start`'s quiet build.
      checks: { bundlerTimings: false },
    },
  },
});
