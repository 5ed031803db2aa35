import { Injectable } from '@nestjs/common';
import { PageCache } from './page-cache.js';
import type { PreparedPage } from './prepared-page.js';

/** A page as rendered at a content version. */
export interface CachedSitePage extends PreparedPage {
  version: number;
}

/** Pages kept: a page per key, so some fifteen in all; the bounds are a safety net. */
export const PAGE_CACHE_LIMITS = { maxEntries: 64, maxBytes: 32 * 1024 * 1024 };

/** What the metrics show of the page cache. */
export interface RenderedPagesStats {
  entries: number;
  bytes: number;
  /** Pages rendered since the start (for the cache or not). */
  renders: number;
}

/** This process's server-rendered pages, by key, and how many it rendered. */
@Injectable()
export class RenderedPages {
  readonly cache = new PageCache<CachedSitePage>(PAGE_CACHE_LIMITS);
  private renders = 0;

  countRender(): void {
    this.renders += 1;
  }

  stats(): RenderedPagesStats {
    return { entries: this.cache.size, bytes: this.cache.bytes, renders: this.renders };
  }
}
