import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The API the SPA talks to while developing or previewing (the NestJS server), and the queue dashboard
 * it serves itself (QUEUE_DASHBOARD_PATH, not a page of the SPA).
 */
const server = { target: 'http://localhost:3000', changeOrigin: true };
const apiProxy = { '/api': server, '^/admin/queues(/|$)': server };

export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: {
    alias: {
      // The zod schemas and types shared with the server.
      '@contracts': fromHere('../src/contracts'),
    },
  },
  build: {
    // Relative to `root` (web/): /work/main/dist/web.
    outDir: '../dist/web',
    emptyOutDir: true,
    // .vite/manifest.json: the chunks and CSS of each route module, linked by server-rendered pages.
    manifest: true,
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
