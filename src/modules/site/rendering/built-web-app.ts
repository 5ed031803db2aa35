import { fileURLToPath } from 'node:url';

/** The server renderer's build (`vite.ssr.config.ts`): dist/web-ssr beside dist/server. */
export const SSR_ENTRY_PATH = fileURLToPath(
  new URL('../../../../web-ssr/entry-server.js', import.meta.url),
);

/** The browser build's manifest: which chunks and CSS each source module needs. */
export const CLIENT_MANIFEST_PATH = fileURLToPath(
  new URL('../../../../web/.vite/manifest.json', import.meta.url),
);
