import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a client address is this machine: 127.0.0.0/8 or ::1, however spelled (also ::ffff:127.…). */
export function isLoopback(ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && LOOPBACK.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

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
 * Who may scrape the metrics: a client on this machine (as TRUST_PROXY lets the app see it), or one
 * presenting METRICS_TOKEN when there is one.
 */
export function mayScrape(
  client: { ip: string; authorization: string | undefined },
  metricsToken: string | undefined,
): boolean {
  if (isLoopback(client.ip)) return true;
  return metricsToken !== undefined && bearerTokenMatches(client.authorization, metricsToken);
}
