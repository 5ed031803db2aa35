import { Injectable, type Logger } from '@nestjs/common';
import type { SiteRenderer } from '../../../contracts/site-rendering.js';
import { webAppDir } from '../../../platform/http/web-app-dir.js';
import { AssetManifest } from './asset-manifest.js';
import { CLIENT_MANIFEST_PATH, SSR_ENTRY_PATH } from './built-web-app.js';
import { builtStylesheets, type ReadStylesheet } from './inline-stylesheets.js';
import { loadSiteRenderer } from './site-renderer-loader.js';

/**
 * The server renderer, the browser build's manifest and its stylesheets, as `npm run build:web` left
 * them in dist/.
 */
@Injectable()
export class BuiltRenderer {
  renderer(logger: Logger): Promise<SiteRenderer | undefined> {
    return loadSiteRenderer(SSR_ENTRY_PATH, logger);
  }

  manifest(): Promise<AssetManifest> {
    return AssetManifest.load(CLIENT_MANIFEST_PATH);
  }

  stylesheets(): ReadStylesheet {
    return builtStylesheets(webAppDir);
  }
}
