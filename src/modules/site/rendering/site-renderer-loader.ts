import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Logger } from '@nestjs/common';
import type { SiteRenderer } from '../../../contracts/site-rendering.js';

/**
 * Imports the server renderer built by `npm run build:web` (dist/web-ssr). Without it (only the
 * server was built) the pages are the SPA's index.html, as a warning says.
 */
export async function loadSiteRenderer(
  entryPath: string,
  logger: Logger,
): Promise<SiteRenderer | undefined> {
  if (!existsSync(entryPath)) {
    logger.warn(
      `The server renderer is not built (${entryPath}): pages are sent for the browser to render. Run \`npm run build:web\`.`,
    );
    return undefined;
  }
  try {
    const module = (await import(pathToFileURL(entryPath).href)) as { renderer: SiteRenderer };
    return module.renderer;
  } catch (error) {
    logger.error(
      { err: error },
      'Could not load the server renderer: pages are sent for the browser to render',
    );
    return undefined;
  }
}
