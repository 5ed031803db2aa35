import type { AppConfig } from '../config/app-config.js';

/** `(address, hop)`: whether the address `hop` steps from this process is a proxy to believe. */
export type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` from TRUST_PROXY. A hop count is a function: Fastify itself now ignores a
 * number (it cannot tell whether the nearest peer is a proxy), so here `N` believes the N addresses
 * nearest to this process, and the client is the N-th from the right of X-Forwarded-For: whatever a
 * client writes further left is never read. A list of proxies goes to Fastify as it is.
 */
export function trustProxyOption(
  trustProxy: AppConfig['TRUST_PROXY'],
): false | string[] | TrustProxyFunction {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address, hop) => hop < hops;
}
