import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * An HTTP client for URLs typed by anyone (the free SEO check): it must never become a way into the
 * machine's own network. Every hop (the first URL and each redirect):
 * - only `http:`/`https:`, on ports 80 and 443, with no user name or password in the URL;
 * - the host is resolved here (every address) and refused when any address is not public unicast:
 *   private, loopback, link-local (the cloud metadata address 169.254.169.254 among them), unique-local,
 *   multicast, unspecified, broadcast, carrier-grade NAT, reserved, IPv4-mapped/NAT64/6to4/Teredo IPv6
 *   (which embed IPv4 addresses), and the cloud-metadata names and addresses;
 * - the connection goes to the address that was checked (a lookup pinned to it), so a second DNS answer
 *   (DNS rebinding) cannot swap it; TLS still verifies the certificate for the host name.
 * IPv4 written as a number, in octal or hex (`2130706433`, `0177.0.0.1`) is normalised by the WHATWG
 * URL parser before the check. At most 5 redirects, 2 MB of (decoded) body, 10 s per fetch.
 */

export const SAFE_FETCH_LIMITS = {
  maxRedirects: 5,
  maxBodyBytes: 2 * 1024 * 1024,
  timeoutMs: 10_000,
} as const;

const ALLOWED_PORTS = new Set([80, 443]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Names of cloud metadata services (they resolve to link-local addresses, refused anyway). */
const METADATA_HOSTS = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);
/** Cloud metadata addresses: refused even when private targets are allowed (tests, development). */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '169.254.169.253',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
  'fd00:ec2::23',
]);

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address of a host name (injectable: tests make a name resolve to 10.0.0.1 offline). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: ResolveHost = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export interface SafeFetchOptions {
  /** Sent as `User-Agent` on every request. */
  userAgent: string;
  /**
   * Tests and development only (never with NODE_ENV=production): loopback and private addresses and
   * any port are allowed, so a test site on 127.0.0.1:<random port> can be checked. Cloud metadata
   * addresses stay refused.
   */
  allowPrivateTargets?: boolean;
  resolve?: ResolveHost;
  /**
   * Origins fetched without the address and port checks (code only, never configuration): the SSRF
   * tests' local site, whose redirects to refused addresses must then be refused hop by hop.
   */
  exemptOrigins?: readonly string[];
  maxRedirects?: number;
  maxBodyBytes?: number;
  timeoutMs?: number;
}

export interface SafeFetchRequest {
  method?: 'GET' | 'HEAD';
  accept?: string;
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

export interface SafeFetchResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The decoded body, at most maxBodyBytes. */
  body: Buffer;
  /** The body was longer than maxBodyBytes: the rest was not read. */
  truncated: boolean;
  /** Bytes received on the wire for the final answer (compressed, when it was). */
  transferBytes: number;
  redirects: RedirectHop[];
  /** From the first request to the last byte read. */
  elapsedMs: number;
}

/** Why a URL was not fetched: the visitor is told this reason. */
export class UnsafeTargetError extends Error {
  override readonly name = 'UnsafeTargetError';
}

/** A fetch that did not complete: timeout, connection refused, TLS failure, too many redirects. */
export class FetchFailedError extends Error {
  override readonly name = 'FetchFailedError';
}

/** The address check alone: why `address` may not be connected to, or undefined when it may. */
export function refusedAddressReason(address: string, allowPrivate = false): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const normal = parsed.toString();
  if (METADATA_ADDRESSES.has(normal)) return `${normal} is a cloud metadata address`;
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  if (allowPrivate && ['loopback', 'private', 'uniqueLocal'].includes(range)) return undefined;
  return `${normal} is not a public address (${range})`;
}

/** The URL checks before any lookup: scheme, credentials, port, metadata names. */
export function refusedUrlReason(url: URL, allowPrivate = false): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `Only http and https addresses can be checked (not ${url.protocol.replace(/:$/, '')})`;
  }
  if (url.username || url.password) return 'Addresses with a user name or password are refused';
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (!allowPrivate && !ALLOWED_PORTS.has(port)) {
    return `Only ports 80 and 443 can be checked (not ${port})`;
  }
  const host = bareHost(url).toLowerCase().replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return `${host} is a cloud metadata service`;
  if (!host) return 'The address has no host';
  return undefined;
}

/** The host without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export class SafeFetcher {
  private readonly resolve: ResolveHost;
  private readonly limits: {
    maxRedirects: number;
    maxBodyBytes: number;
    timeoutMs: number;
  };

  constructor(private readonly options: SafeFetchOptions) {
    this.resolve = options.resolve ?? systemResolver;
    this.limits = {
      maxRedirects: options.maxRedirects ?? SAFE_FETCH_LIMITS.maxRedirects,
      maxBodyBytes: options.maxBodyBytes ?? SAFE_FETCH_LIMITS.maxBodyBytes,
      timeoutMs: options.timeoutMs ?? SAFE_FETCH_LIMITS.timeoutMs,
    };
  }

  /** Resolves and checks a host: the address to connect to (throws UnsafeTargetError). */
  async checkedAddress(url: URL): Promise<ResolvedAddress> {
    const allow =
      this.options.allowPrivateTargets === true ||
      (this.options.exemptOrigins?.includes(url.origin) ?? false);
    const urlProblem = refusedUrlReason(url, allow);
    if (urlProblem) throw new UnsafeTargetError(urlProblem);
    const host = bareHost(url);
    let addresses: ResolvedAddress[];
    if (ipaddr.isValid(host)) {
      addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
    } else {
      try {
        addresses = await this.resolve(host);
      } catch {
        throw new FetchFailedError(`${host} could not be resolved`);
      }
      if (addresses.length === 0) throw new FetchFailedError(`${host} has no address`);
    }
    // Every address must be public: a name with one private address among public ones is refused.
    for (const { address } of addresses) {
      const reason = refusedAddressReason(address, allow);
      if (reason) throw new UnsafeTargetError(`${url.hostname} is refused: ${reason}`);
    }
    return addresses[0]!;
  }

  async fetch(input: string | URL, request: SafeFetchRequest = {}): Promise<SafeFetchResponse> {
    const started = performance.now();
    const signal = AbortSignal.timeout(this.limits.timeoutMs);
    let url = typeof input === 'string' ? parseUrl(input) : input;
    let method = request.method ?? 'GET';
    const redirects: RedirectHop[] = [];
    for (;;) {
      const pinned = await this.checkedAddress(url);
      const answer = await this.send(url, pinned, method, request.accept, signal);
      const location = answer.response.headers.location;
      if (!REDIRECT_STATUSES.has(answer.status) || !location) {
        const { body, truncated, transferBytes } =
          method === 'HEAD'
            ? { body: Buffer.alloc(0), truncated: false, transferBytes: 0 }
            : await this.readBody(answer.response, signal);
        if (method === 'HEAD') answer.response.destroy();
        return {
          url: url.href,
          status: answer.status,
          headers: answer.response.headers,
          body,
          truncated,
          transferBytes,
          redirects,
          elapsedMs: Math.round(performance.now() - started),
        };
      }
      // A redirect's body is never read (a server could make it endless).
      answer.response.destroy();
      if (redirects.length >= this.limits.maxRedirects) {
        throw new FetchFailedError(`More than ${this.limits.maxRedirects} redirects`);
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new FetchFailedError(`A redirect to an invalid address: ${location}`);
      }
      redirects.push({ url: url.href, status: answer.status, location: next.href });
      if (answer.status === 303) method = 'GET';
      url = next;
    }
  }

  private send(
    url: URL,
    pinned: ResolvedAddress,
    method: string,
    accept: string | undefined,
    signal: AbortSignal,
  ): Promise<{ status: number; response: IncomingMessage }> {
    // The connection goes to the checked address whatever the resolver would answer now.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(
        url,
        {
          method,
          agent: false,
          lookup,
          signal,
          headers: {
            'user-agent': this.options.userAgent,
            accept: accept ?? 'text/html,application/xhtml+xml,*/*;q=0.8',
            'accept-encoding': 'gzip, deflate, br',
          },
        },
        (response) => resolve({ status: response.statusCode ?? 0, response }),
      );
      req.on('error', (error) => reject(failure(error, signal, this.limits.timeoutMs)));
      req.end();
    });
  }

  private async readBody(
    response: IncomingMessage,
    signal: AbortSignal,
  ): Promise<{ body: Buffer; truncated: boolean; transferBytes: number }> {
    let transferBytes = 0;
    const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
    const decoder =
      encoding === 'gzip' || encoding === 'x-gzip'
        ? createGunzip()
        : encoding === 'br'
          ? createBrotliDecompress()
          : encoding === 'deflate'
            ? createInflate()
            : undefined;
    // Compressed: the wire's bytes are counted as they enter the decoder.
    if (decoder) response.on('data', (chunk: Buffer) => (transferBytes += chunk.length));
    const stream = decoder ? response.pipe(decoder) : response;
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (signal.aborted) throw signal.reason;
        if (!decoder) transferBytes += chunk.length;
        const room = this.limits.maxBodyBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = true;
          break;
        }
        chunks.push(chunk);
        size += chunk.length;
      }
    } catch (error) {
      throw failure(error, signal, this.limits.timeoutMs);
    } finally {
      response.destroy();
      decoder?.destroy();
    }
    return { body: Buffer.concat(chunks), truncated, transferBytes };
  }
}

function parseUrl(input: string): URL {
  try {
    return new URL(input);
  } catch {
    throw new UnsafeTargetError('Not a valid address');
  }
}

function failure(error: unknown, signal: AbortSignal, timeoutMs: number): Error {
  if (signal.aborted) {
    return new FetchFailedError(`No complete answer within ${timeoutMs / 1000} seconds`);
  }
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  return new FetchFailedError(code ? `${code}: ${message}` : message);
}
