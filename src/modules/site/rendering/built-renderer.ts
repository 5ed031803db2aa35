import { Injectable, type Logger } from '@nestjs/common';
import type { SiteRenderer } from '../../../contracts/site-rendering.js';
import { AssetManifest } from './asset-manifest.js';
import { CLIENT_MANIFEST_PATH, SSR_ENTRY_PATH } from './built-web-app.js';
import { loadSiteRenderer } from './site-renderer-loader.js';

/** The server renderer and the browser build's manifest, as `npm run build:web` left them in dist/. */
@Injectable()
export class BuiltRenderer {
  renderer(logger: Logger): Promise<SiteRenderer | undefined> {
    return loadSiteRenderer(SSR_ENTRY_PATH, logger);
  }

  manifest(): Promise<AssetManifest> {
    return AssetManifest.load(CLIENT_MANIFEST_PATH);
  }
}
