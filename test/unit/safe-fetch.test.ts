import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FetchFailedError,
  type ResolveHost,
  SafeFetcher,
  UnsafeTargetError,
} from '../../src/platform/http/safe-fetch.js';
import { html, redirect, type TestSite, startTestSite, text } from '../support/test-site.js';

const userAgent = 'SEOAgencyCheck/1.0 (+http://agency.test/seo-check)';

/** Names resolved without the network: a public name and names of private addresses. */
const resolver: ResolveHost = async (hostname) => {
  const table: Record<string, { address: string; family: 4 | 6 }[]> = {
    'intranet.test': [{ address: '10.0.0.1', family: 4 }],
    'mixed.test': [
      { address: '93.184.216.34', family: 4 },
      { address: '192.168.1.10', family: 4 },
    ],
    'metadata-alias.test': [{ address: '169.254.169.254', family: 4 }],
    'v6-local.test': [{ address: 'fd12:3456::1', family: 6 }],
    'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
    'cgnat.test': [{ address: '100.64.0.1', family: 4 }],
    'local-site.test': [{ address: '127.0.0.1', family: 4 }],
  };
  const answer = table[hostname];
  if (!answer) throw new Error(`ENOTFOUND ${hostname}`);
  return answer;
};

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite({
    '/page': html('<title>Hello</title>', { 'x-seen-host': 'yes' }),
    '/to-loopback': redirect('http://127.0.0.1/'),
    '/to-loopback-port': redirect('http://127.0.0.1:9/'),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-v6-loopback': redirect('http://[::1]/'),
    '/to-decimal': redirect('http://2130706433/'),
    '/to-octal': redirect('http://0177.0.0.1/'),
    '/to-hex': redirect('http://0x7f.0.0.1/'),
    '/to-private-name': redirect('http://intranet.test/'),
    '/to-metadata-name': redirect('http://metadata.google.internal/computeMetadata/v1/'),
    '/to-file': redirect('file:///etc/passwd'),
    '/hop1': redirect('/hop2', 301),
    '/hop2': redirect('/page', 308),
    '/loop': redirect('/loop'),
    '/big': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('x'.repeat(3 * 1024 * 1024));
    },
    '/gzip': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      response.end(gzipSync('<p>'.repeat(10_000)));
    },
    '/gzip-bomb': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      response.end(gzipSync(Buffer.alloc(50 * 1024 * 1024)));
    },
    '/hang': () => {
      // Never answers: the fetcher gives up at its time limit.
    },
    '/robots.txt': text('User-agent: *\nAllow: /\n'),
  });
});

afterAll(async () => {
  await site.close();
});

describe('the safe fetcher with private targets refused (production)', () => {
  /** The test site itself is exempt, so its redirects reach the per-hop checks. */
  const fetcher = () =>
    new SafeFetcher({ userAgent, resolve: resolver, exemptOrigins: [site.origin] });
  const strict = new SafeFetcher({ userAgent, resolve: resolver });

  async function refusal(url: string): Promise<Error> {
    const error = await fetcher()
      .fetch(url)
      .then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
    if (!error) throw new Error(`${url} was fetched`);
    return error;
  }

  it('refuses 127.0.0.1 itself and the loopback site on its own port', async () => {
    await expect(strict.fetch(`${site.origin}/page`)).rejects.toBeInstanceOf(UnsafeTargetError);
    await expect(strict.fetch('http://127.0.0.1/')).rejects.toThrow(/not a public address/);
  });

  it.each([
    ['/to-loopback', /127\.0\.0\.1 is not a public address \(loopback\)/],
    ['/to-loopback-port', /Only ports 80 and 443/],
    ['/to-metadata', /169\.254\.169\.254 is a cloud metadata address/],
    ['/to-v6-loopback', /::1 is not a public address \(loopback\)/],
    ['/to-decimal', /127\.0\.0\.1 is not a public address/],
    ['/to-octal', /127\.0\.0\.1 is not a public address/],
    ['/to-hex', /127\.0\.0\.1 is not a public address/],
    [
      '/to-private-name',
      /intranet\.test is refused: 10\.0\.0\.1 is not a public address \(private\)/,
    ],
    ['/to-metadata-name', /metadata\.google\.internal is a cloud metadata service/],
    ['/to-file', /Only http and https/],
  ])('refuses a redirect %s', async (path, reason) => {
    const error = await refusal(`${site.origin}${path}`);
    expect(error).toBeInstanceOf(UnsafeTargetError);
    expect(error.message).toMatch(reason);
  });

  it.each([
    ['http://intranet.test/', /10\.0\.0\.1 .*private/],
    ['http://mixed.test/', /192\.168\.1\.10 .*private/],
    ['http://metadata-alias.test/', /cloud metadata/],
    ['http://v6-local.test/', /uniqueLocal/],
    ['http://mapped.test/', /127\.0\.0\.1 .*loopback/],
    ['http://cgnat.test/', /carrierGradeNat/],
    ['http://[fd00:ec2::254]/', /cloud metadata/],
    ['http://[::ffff:169.254.169.254]/', /cloud metadata/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://255.255.255.255/', /broadcast/],
    ['http://224.0.0.1/', /multicast/],
    ['http://[fe80::1]/', /linkLocal/],
    ['http://example.test:8080/', /Only ports 80 and 443/],
    ['ftp://example.test/', /Only http and https/],
    ['http://user:pw@example.test/', /user name or password/],
  ])('refuses %s', async (url, reason) => {
    await expect(strict.fetch(url)).rejects.toThrow(reason);
  });

  it('sends nothing to a refused address: the loopback site saw only the first hop', async () => {
    const before = site.requests.length;
    await refusal(`${site.origin}/to-octal`);
    expect(site.requests.slice(before)).toStrictEqual(['GET /to-octal']);
  });
});

describe('the safe fetcher with private targets allowed (tests, development)', () => {
  const fetcher = new SafeFetcher({ userAgent, resolve: resolver, allowPrivateTargets: true });

  it('follows redirects, recording each hop, and reads the page', async () => {
    const answer = await fetcher.fetch(`${site.origin}/hop1`);
    expect(answer.status).toBe(200);
    expect(answer.url).toBe(`${site.origin}/page`);
    expect(answer.redirects.map((hop) => [hop.status, hop.location])).toStrictEqual([
      [301, `${site.origin}/hop2`],
      [308, `${site.origin}/page`],
    ]);
    expect(answer.body.toString()).toBe('<title>Hello</title>');
  });

  it('connects to the address it resolved and checked (a name only its resolver knows)', async () => {
    const port = new URL(site.origin).port;
    const answer = await fetcher.fetch(`http://local-site.test:${port}/page`);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-seen-host']).toBe('yes');
  });

  it('still refuses cloud metadata addresses', async () => {
    await expect(fetcher.fetch(`${site.origin}/to-metadata`)).rejects.toThrow(/cloud metadata/);
  });

  it('stops after 5 redirects', async () => {
    const error = await fetcher.fetch(`${site.origin}/loop`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchFailedError);
    expect((error as Error).message).toBe('More than 5 redirects');
  });

  it('reads at most 2 MB of a body', async () => {
    const answer = await fetcher.fetch(`${site.origin}/big`);
    expect(answer.body.length).toBe(2 * 1024 * 1024);
    expect(answer.truncated).toBe(true);
  });

  it('decodes a compressed body, counting the bytes on the wire apart', async () => {
    const answer = await fetcher.fetch(`${site.origin}/gzip`);
    expect(answer.body.toString()).toBe('<p>'.repeat(10_000));
    expect(answer.transferBytes).toBeLessThan(1000);
    expect(answer.truncated).toBe(false);
  });

  it('stops decoding at 2 MB (a small compressed body that inflates without end)', async () => {
    const answer = await fetcher.fetch(`${site.origin}/gzip-bomb`);
    expect(answer.body.length).toBe(2 * 1024 * 1024);
    expect(answer.truncated).toBe(true);
  });

  it('gives up on a server that does not answer within its time limit', async () => {
    const quick = new SafeFetcher({ userAgent, allowPrivateTargets: true, timeoutMs: 300 });
    await expect(quick.fetch(`${site.origin}/hang`)).rejects.toThrow(
      'No complete answer within 0.3 seconds',
    );
  });

  it('sends its own User-Agent', async () => {
    const seen: string[] = [];
    const own = await startTestSite({
      '/': (request, response) => {
        seen.push(String(request.headers['user-agent']));
        response.end('ok');
      },
    });
    try {
      await fetcher.fetch(`${own.origin}/`);
    } finally {
      await own.close();
    }
    expect(seen).toStrictEqual([userAgent]);
  });
});
