import { Injectable, Logger } from '@nestjs/common';
import { cleanPagePath, isReservedPath } from '../../../contracts/seo-redirects.js';
import {
  PageGate,
  type PageGateDecision,
  type PageVisit,
} from '../../../platform/http/page-gate.js';
import { NotFoundLog } from '../not-found/not-found-log.js';
import { redirectLocation } from './domain/redirect-rules.js';
import { RedirectRulesCache } from './redirect-rules.cache.js';

function pathAndQuery(url: string): { pathname: string; search: string } {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { pathname, search };
}

/**
 * The redirect rules applied to page requests before they are rendered (301, 302 or 410), and every
 * page that answered 404 counted in the 404 monitor. A failure of either is logged and the page is
 * served as if there were no rule.
 */
@Injectable()
export class RedirectPageGate extends PageGate {
  private readonly logger = new Logger('Redirects');

  constructor(
    private readonly rules: RedirectRulesCache,
    private readonly notFoundLog: NotFoundLog,
  ) {
    super();
  }

  async decide(visit: PageVisit): Promise<PageGateDecision | undefined> {
    try {
      const { pathname, search } = pathAndQuery(visit.url);
      const clean = cleanPagePath(pathname);
      const key = clean.toLowerCase();
      if (isReservedPath(key)) return undefined;
      const { table } = await this.rules.table();
      const rule = table.find(key);
      if (!rule) return undefined;
      if (rule.status === 410) return { kind: 'gone' };
      return {
        kind: 'redirect',
        status: rule.status,
        location: redirectLocation(rule, clean, search),
      };
    } catch (error) {
      this.logger.error({ err: error, url: visit.url }, 'Could not apply the redirect rules');
      return undefined;
    }
  }

  async notFound(visit: PageVisit): Promise<void> {
    try {
      const { pathname } = pathAndQuery(visit.url);
      if (isReservedPath(cleanPagePath(pathname).toLowerCase())) return;
      await this.notFoundLog.record(pathname, visit.referrer, visit.ip);
    } catch (error) {
      this.logger.error({ err: error, url: visit.url }, 'Could not count a 404');
    }
  }
}
