import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether the Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the presented value and its length.
 */
export function bearerTokenMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Who may scrape the metrics on the public port: only a client presenting METRICS_TOKEN. Never the
 * client's address: behind a reverse proxy on the same machine every visitor comes from 127.0.0.1,
 * and X-Forwarded-For is whatever the client or a misnamed proxy wrote. (This machine's own scrapes
 * go to METRICS_PORT, a listener on 127.0.0.1 only.)
 */
export function mayScrape(
  authorization: string | undefined,
  metricsToken: string | undefined,
): boolean {
  return metricsToken !== undefined && bearerTokenMatches(authorization, metricsToken);
}
