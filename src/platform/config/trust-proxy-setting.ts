import { isIP } from 'node:net';
import { z } from 'zod';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names for ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_HELP =
  'give the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 127.0.0.1,10.0.0.0/8)';

/**
 * TRUST_PROXY: `false` (or 0) believes no X-Forwarded-For; a hop count N takes the N-th address from
 * the right (what the nearest proxies added); a comma list names the proxies. `true` (anyone's
 * header, so any client could name itself) is refused.
 */
export const trustProxySetting = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: `may no longer be true (that believed any client's X-Forwarded-For): ${TRUST_PROXY_HELP}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.issues.push({
    code: 'custom',
    input: value,
    message: `is not understood: ${TRUST_PROXY_HELP}`,
  });
  return z.NEVER;
});
