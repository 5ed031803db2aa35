import { isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The network a throttle (log-in, contact form) counts for a client IP: an IPv4 address itself, an
 * IPv6 address's /64 (one subscriber is usually given a whole /64, so counting single IPv6 addresses
 * would let one attacker start afresh at every request).
 */
export function clientNetwork(ip: string): string {
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split('%')[0]!;
  if (!isIPv6(address)) return ip;
  const prefix = hextets(address)
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** The eight groups of a valid IPv6 address, `::` expanded (a dotted IPv4 tail counts as two). */
function hextets(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const width = (groups: string[]) =>
    groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const missing = tail === undefined ? 0 : 8 - width(left) - width(right);
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}
