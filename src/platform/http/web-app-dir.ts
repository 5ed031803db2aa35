import { fileURLToPath } from 'node:url';

/** The built SPA (vite outDir): dist/web beside dist/server. */
export const webAppDir = fileURLToPath(new URL('../../../web', import.meta.url));
