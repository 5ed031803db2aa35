import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { cleanPagePath, MAX_REDIRECT_PATH } from '../../../contracts/seo-redirects.js';
import { toStorableText } from '../../../contracts/text-fields.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { clientNetwork } from '../../../platform/http/client-network.js';
import { RateLimits } from '../../../platform/redis/rate-limits.js';

/** The host of a Referer header (nothing else of it is kept), or null. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).host;
    return host ? toStorableText(host).slice(0, 255) : null;
  } catch {
    return null;
  }
}

/**
 * The 404 monitor's writes: one upsert per hit (count + 1, last seen now, the referrer's host), with
 * bots counted like everyone but each client network's writes limited per minute, so that a crawler
 * of random addresses cannot flood the table. The table keeps SEO_NOT_FOUND_MAX_PATHS paths at most:
 * a new path beyond it drops the least recently seen.
 */
@Injectable()
export class NotFoundLog {
  private readonly limiter: RateLimiterAbstract;
  private readonly maxPaths: number;

  constructor(
    private readonly em: EntityManager,
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limiter = limits.limiter('seo-not-found', config.SEO_NOT_FOUND_MAX_PER_IP, 60);
    this.maxPaths = config.SEO_NOT_FOUND_MAX_PATHS;
  }

  /** Counts a 404 of `pathname` (its query is not kept); false when the client's writes are spent. */
  async record(pathname: string, referrer: string | undefined, ip: string): Promise<boolean> {
    if (!(await this.limits.consume(this.limiter, clientNetwork(ip)))) return false;
    const path = toStorableText(cleanPagePath(pathname)).slice(0, MAX_REDIRECT_PATH);
    const connection = this.em.getConnection();
    const [row] = await connection.execute<{ inserted: boolean }[]>(
      `insert into "seo_not_found" as hit
         ("id", "path", "count", "first_seen_at", "last_seen_at", "referrer_host")
       values (?, ?, 1, now(), now(), ?)
       on conflict ("path") do update set
         "count" = hit."count" + 1,
         "last_seen_at" = greatest(hit."last_seen_at", excluded."last_seen_at"),
         "referrer_host" = coalesce(excluded."referrer_host", hit."referrer_host")
       returning (xmax = 0) as inserted`,
      [randomUUID(), path, referrerHost(referrer)],
    );
    // Only a new path can overfill the table.
    if (row?.inserted) {
      await connection.execute(
        `delete from "seo_not_found" where "id" in (
           select "id" from "seo_not_found"
            order by "last_seen_at" desc, "id" desc offset ?)`,
        [this.maxPaths],
      );
    }
    return true;
  }
}
