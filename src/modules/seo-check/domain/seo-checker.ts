import { Inject, Injectable } from '@nestjs/common';
import type { SeoCheckReport } from '../../../contracts/seo-check.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  SafeFetcher,
  type SafeFetchResponse,
  UnsafeTargetError,
} from '../../../platform/http/safe-fetch.js';
import { readPageFacts } from './page-facts.js';
import { analyse, type CheckEvidence, type LinkResult, linksToCheck } from './seo-analysis.js';

/** How many of a page's links are checked, and how many at once. */
export const LINK_CHECK = { max: 50, concurrency: 6, timeoutMs: 5000, maxBodyBytes: 64 * 1024 };

/**
 * Runs one check over the network, through the SSRF-safe fetcher only: the page (its redirects,
 * headers, HTML), robots.txt, the sitemap and the page's first 50 links. A page that cannot be fetched
 * (refused address, no answer) throws the fetcher's error: the check then fails with that reason.
 */
@Injectable()
export class SeoChecker {
  private readonly pages: SafeFetcher;
  private readonly links: SafeFetcher;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const common = {
      userAgent: `SEOAgencyCheck/1.0 (+${new URL('/seo-check', config.PUBLIC_URL).href})`,
      allowPrivateTargets: config.SEO_CHECK_ALLOW_PRIVATE_TARGETS,
    };
    this.pages = new SafeFetcher(common);
    this.links = new SafeFetcher({
      ...common,
      timeoutMs: LINK_CHECK.timeoutMs,
      maxBodyBytes: LINK_CHECK.maxBodyBytes,
    });
  }

  async check(url: string): Promise<SeoCheckReport> {
    const page = await this.pages.fetch(url);
    const html = page.body.toString('utf8');
    const facts = readPageFacts(isHtml(page) ? html : '');
    const base = page.url;
    const wanted = linksToCheck(facts, base, LINK_CHECK.max);
    const [robotsTxt, checked] = await Promise.all([
      this.robotsTxt(base),
      mapBounded(wanted.urls, LINK_CHECK.concurrency, (link) => this.checkLink(link)),
    ]);
    const sitemap = await this.sitemap(base, robotsTxt);
    const evidence: CheckEvidence = {
      page: {
        requestedUrl: url,
        finalUrl: page.url,
        status: page.status,
        redirects: page.redirects,
        headers: page.headers,
        responseMs: page.elapsedMs,
        htmlBytes: page.body.length,
        transferBytes: page.transferBytes,
        truncated: page.truncated,
      },
      facts,
      robotsTxt,
      sitemap,
      links: {
        total: wanted.total,
        checked: checked.filter((result): result is LinkResult => result !== undefined),
      },
    };
    return analyse(evidence);
  }

  /** robots.txt's text; null when it is missing (4xx); undefined when it could not be read. */
  private async robotsTxt(base: string): Promise<string | null | undefined> {
    try {
      const answer = await this.pages.fetch(new URL('/robots.txt', base), { accept: 'text/plain' });
      if (answer.status >= 400 && answer.status < 500) return null;
      if (answer.status !== 200) return undefined;
      return answer.body.toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** The first sitemap robots.txt names (else /sitemap.xml), and whether it answers a sitemap. */
  private async sitemap(
    base: string,
    robotsTxt: string | null | undefined,
  ): Promise<CheckEvidence['sitemap']> {
    const named = /^\s*sitemap\s*:\s*(\S+)/im.exec(robotsTxt ?? '')?.[1];
    let url: URL;
    try {
      url = new URL(named ?? '/sitemap.xml', base);
    } catch {
      url = new URL('/sitemap.xml', base);
    }
    try {
      const answer = await this.links.fetch(url, { accept: 'application/xml,text/xml,*/*' });
      const text = answer.body.toString('utf8');
      const found = answer.status === 200 && /<(urlset|sitemapindex)[\s>]/i.test(text);
      return { url: url.href, found, status: answer.status };
    } catch {
      return { url: url.href, found: false };
    }
  }

  /** A link's status (HEAD, or GET where HEAD is not allowed); undefined when it may not be fetched. */
  private async checkLink(url: string): Promise<LinkResult | undefined> {
    try {
      let answer: SafeFetchResponse = await this.links.fetch(url, { method: 'HEAD' });
      if (answer.status === 405 || answer.status === 501) {
        answer = await this.links.fetch(url, { method: 'GET' });
      }
      return { url, status: answer.status };
    } catch (error) {
      // A link to an address the checker must not fetch is not checked (it is not known broken).
      if (error instanceof UnsafeTargetError) return undefined;
      return { url, error: error instanceof Error ? error.message : String(error) };
    }
  }
}

function isHtml(page: SafeFetchResponse): boolean {
  const type = String(page.headers['content-type'] ?? 'text/html').toLowerCase();
  return type.includes('html') || type.includes('xml');
}

/** `work` over every item, at most `limit` at once, results in the items' order. */
async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
