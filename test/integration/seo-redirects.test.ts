/**
 * Redirects and the 404 monitor (issue 31 §1) against the built app (server and web), real PostgreSQL
 * and Redis: rules refused when they are bad, repeat one, loop or chain; 301, 302, 410 and prefix
 * rules applied to page requests before they are rendered, in every API process; every 404 of a page
 * counted (query stripped, bounded, throttled per client IP), "Redirect this" and dismissing; the
 * sitemap without redirected pages; every change audited; admins only.
 *
 *   npm run build && npm run test:integration -- test/integration/seo-redirects.test.ts
 */
import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { JSDOM } from 'jsdom';
import { REDIRECT_TEXTS } from '../../src/contracts/seo-redirects.js';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import { assertErrorBody, assertStatus } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';

const MAX_PATHS = 5;
const MAX_PER_IP = 3;

const world = useWorld({
  name: 'seo-redirects',
  simulateClientIps: true,
  env: {
    SEO_NOT_FOUND_MAX_PATHS: String(MAX_PATHS),
    SEO_NOT_FOUND_MAX_PER_IP: String(MAX_PER_IP),
  },
});

interface Rule {
  _id: string;
  from: string;
  to: string | null;
  status: number;
  match: string;
  note: string | null;
}

interface Hit {
  _id: string;
  path: string;
  count: number;
  referrerHost: string | null;
  lastSeenAt: string;
}

interface AuditRow {
  kind: string;
  target_id: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const RULES = '/api/admin/seo/redirects';
const NOT_FOUND = '/api/admin/seo/not-found';

let api: IdentityApp;
let admin: HttpClient;

beforeAll(async () => {
  api = world.api;
  admin = await world.admin();
}, 120_000);

beforeEach(async () => {
  await world.db.query('delete from seo_redirect');
  await world.db.query('delete from seo_not_found');
});

async function addRule(rule: Record<string, unknown>): Promise<Rule> {
  const response = await admin.post(RULES, rule);
  assertStatus(response, 201, `POST ${JSON.stringify(rule)}`);
  return response.body as Rule;
}

/** The rule refused with 400, naming `field` with `message`. */
async function refused(rule: Record<string, unknown>, field: string, message?: string) {
  const response = await admin.post(RULES, rule);
  const body = assertErrorBody(response, 400, `POST ${JSON.stringify(rule)}`);
  const fields = body.fields as Record<string, string>;
  expect(Object.keys(fields)).toContain(field);
  if (message) expect(fields[field]).toBe(message);
}

/** A page request from a visitor of its own address (so the 404 throttle is theirs alone). */
const visit = (path: string, headers: Record<string, string> = {}, client = api.client()) =>
  client.get(path, { headers: { accept: 'text/html', ...headers } });

async function hits(sort: 'count' | 'lastSeen' = 'count'): Promise<Hit[]> {
  const response = await admin.get(`${NOT_FOUND}?sort=${sort}&pageSize=200`);
  assertStatus(response, 200, 'GET not-found');
  return (response.body as { items: Hit[] }).items;
}

const auditOf = async (kind: string) =>
  (
    await world.db.query<AuditRow>(
      'select kind, target_id, summary, before, after from audit_entry where kind = $1 order by at, id',
      [kind],
    )
  ).rows;

const h1Of = (response: HttpResponse) =>
  [...new JSDOM(response.text).window.document.querySelectorAll('h1')].map((h1) =>
    h1.textContent?.trim(),
  );

describe('rules refused', () => {
  test.each([
    [{ from: 'old', to: '/new', status: 301 }, 'from', REDIRECT_TEXTS.fromPath],
    [{ from: '/old?x=1', to: '/new', status: 301 }, 'from', REDIRECT_TEXTS.fromQuery],
    [{ from: '/api/orders', to: '/new', status: 301 }, 'from', REDIRECT_TEXTS.fromReserved],
    [{ from: '/', to: '/new', status: 301, match: 'prefix' }, 'from', REDIRECT_TEXTS.fromRoot],
    [{ from: '/Admin/redirects', to: '/new', status: 301 }, 'from', REDIRECT_TEXTS.fromAccount],
    [{ from: '/login/', to: '/new', status: 410 }, 'from', REDIRECT_TEXTS.fromAccount],
    [{ from: '/edit-banner', to: '/new', status: 301 }, 'from', REDIRECT_TEXTS.fromAccount],
    [{ from: '/old', status: 301 }, 'to', REDIRECT_TEXTS.toRequired],
    [{ from: '/old', to: 'ftp://example.com/x', status: 301 }, 'to', REDIRECT_TEXTS.toForm],
    [{ from: '/old', to: '//evil.example/x', status: 302 }, 'to', REDIRECT_TEXTS.toForm],
    [{ from: '/old', to: '/new', status: 410 }, 'to', REDIRECT_TEXTS.toGone],
    [{ from: '/old', to: '/new', status: 303 }, 'status', undefined],
    [{ from: '/old', to: '/new', status: 301, match: 'fuzzy' }, 'match', undefined],
    [{ from: '/old', to: '/new', status: 301, extra: 1 }, 'extra', undefined],
  ])('%j: 400 naming %s', async (rule, field, message) => {
    await refused(rule, field, message);
    expect((await admin.get(RULES)).body).toStrictEqual([]);
  });

  test('a second rule for the same path and match (however spelt)', async () => {
    await addRule({ from: '/Same/', to: '/pricing/', status: 301 });
    await refused(
      { from: '/same', to: '/service/', status: 302 },
      'from',
      REDIRECT_TEXTS.duplicate,
    );
    // The same path as a prefix rule is another rule.
    await addRule({ from: '/same', to: '/service/', status: 301, match: 'prefix' });
  });

  test('loops and chains of two hops, prefix rules and own absolute addresses included', async () => {
    await addRule({ from: '/loop-a', to: '/loop-b', status: 301 });
    // B → A while A → B.
    await refused(
      { from: '/loop-b', to: '/loop-a', status: 301 },
      'to',
      REDIRECT_TEXTS.loop('/loop-a'),
    );
    // C → A → B: two hops.
    await refused(
      { from: '/loop-c', to: '/loop-a', status: 301 },
      'to',
      REDIRECT_TEXTS.chain('/loop-a'),
    );
    await refused(
      { from: '/loop-c', to: `${api.publicUrl}/LOOP-A?x=1`, status: 302 },
      'to',
      REDIRECT_TEXTS.chain('/loop-a'),
    );
    // A → B → (410): B is a target already.
    await refused(
      { from: '/loop-b', status: 410 },
      'from',
      REDIRECT_TEXTS.targetOfOther('/loop-a'),
    );
    // A prefix rule maps /docs/faq onto /help/faq: an exact rule there would be a second hop.
    await addRule({ from: '/docs', to: '/help', status: 301, match: 'prefix' });
    await refused(
      { from: '/help/faq', to: '/pricing/', status: 301 },
      'from',
      REDIRECT_TEXTS.targetOfOther('/docs'),
    );
    // A prefix rule into its own subtree loops for ever.
    await refused(
      { from: '/p', to: '/p/new', status: 301, match: 'prefix' },
      'to',
      REDIRECT_TEXTS.selfLoop,
    );
    // Editing a rule is checked against the others too.
    const other = await addRule({ from: '/free', to: '/pricing/', status: 301 });
    const edit = await admin.put(`${RULES}/${other._id}`, {
      from: '/free',
      to: '/docs/x',
      status: 301,
    });
    expect((assertErrorBody(edit, 400).fields as Record<string, string>).to).toBe(
      REDIRECT_TEXTS.chain('/docs'),
    );
    // Absolute addresses elsewhere are never a hop of this site.
    await addRule({ from: '/loop-b2', to: 'https://elsewhere.example/loop-a', status: 302 });
  });
});

describe('rules applied to page requests', () => {
  test('301 keeps the query string, in any spelling of the path, for GET and HEAD', async () => {
    await addRule({ from: '/old-pricing', to: '/pricing/', status: 301, note: 'old site' });
    for (const path of [
      '/old-pricing?utm_source=x&b=2',
      '/Old-Pricing/?utm_source=x&b=2',
      '/old-pricing//?utm_source=x&b=2',
    ]) {
      const response = await visit(path);
      assertStatus(response, 301, `GET ${path}`);
      expect(response.headers.get('location')).toBe('/pricing/?utm_source=x&b=2');
    }
    const head = await api.client().request('HEAD', '/old-pricing');
    expect({ status: head.status, location: head.headers.get('location') }).toStrictEqual({
      status: 301,
      location: '/pricing/',
    });
    // Where it lands is the page.
    assertStatus(await visit('/pricing/?utm_source=x&b=2'), 200, 'GET /pricing/');
    // Not the API, even under a rule's path.
    assertStatus(await api.client().get('/api/old-pricing'), 404, 'GET /api/old-pricing');
  });

  test('302 to an absolute address keeps its own query only', async () => {
    await addRule({
      from: '/partner',
      to: 'https://partner.example/landing?ref=agency',
      status: 302,
    });
    const response = await visit('/partner?mine=1');
    assertStatus(response, 302, 'GET /partner');
    expect(response.headers.get('location')).toBe('https://partner.example/landing?ref=agency');
  });

  test('410 answers the not-found page with status 410', async () => {
    await addRule({ from: '/retired-offer', status: 410 });
    const response = await visit('/retired-offer');
    assertStatus(response, 410, 'GET /retired-offer');
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(h1Of(response)).toStrictEqual(['Page not found']);
    // A gone page is not a 404 of the monitor.
    expect(await hits()).toStrictEqual([]);
  });

  test('a prefix rule maps the rest of the path onto its target', async () => {
    await addRule({ from: '/old-blog', to: '/news/', status: 301, match: 'prefix' });
    const cases: [string, string][] = [
      ['/old-blog', '/news/'],
      ['/old-blog/2020/My%20Post?page=2', '/news/2020/My%20Post?page=2'],
    ];
    for (const [path, location] of cases) {
      const response = await visit(path);
      assertStatus(response, 301, `GET ${path}`);
      expect(response.headers.get('location')).toBe(location);
    }
    // A path that only starts with the same letters is not below it.
    assertStatus(await visit('/old-blogger'), 404, 'GET /old-blogger');
    // An exact rule wins over the prefix.
    await addRule({ from: '/old-blog/about', to: '/service/', status: 302 });
    expect((await visit('/old-blog/about')).headers.get('location')).toBe('/service/');
  });

  test('a change applies on the next request, in every API process', async () => {
    const second = await world.startApp({
      name: 'seo-redirects-second',
      role: 'api',
      simulateClientIps: true,
    });
    const secondVisit = (path: string) =>
      second.client().get(path, { headers: { accept: 'text/html' } });
    // Both processes have read the (empty) rules.
    assertStatus(await secondVisit('/moving'), 404, 'GET /moving (second)');
    const rule = await addRule({ from: '/moving', to: '/service/', status: 302 });
    expect((await secondVisit('/moving')).headers.get('location')).toBe('/service/');
    const edited = await admin.put(`${RULES}/${rule._id}`, {
      from: '/moving',
      to: '/pricing/',
      status: 301,
    });
    assertStatus(edited, 200, 'PUT rule');
    const moved = await secondVisit('/moving');
    expect({ status: moved.status, location: moved.headers.get('location') }).toStrictEqual({
      status: 301,
      location: '/pricing/',
    });
    assertStatus(await admin.delete(`${RULES}/${rule._id}`), 204, 'DELETE rule');
    assertStatus(await secondVisit('/moving'), 404, 'GET /moving after delete (second)');
    assertStatus(await visit('/moving'), 404, 'GET /moving after delete');
  }, 120_000);
});

describe('the 404 monitor', () => {
  test('counts a path without its query, with the referrer host only, newest or most hit first', async () => {
    await visit('/missing-page?utm=1', { referer: 'https://www.search.example/q?secret=1' });
    await visit('/missing-page?other=2');
    await visit('/Missing-page/');
    await visit('/another-missing');
    assertStatus(await visit('/pricing/'), 200, 'a page is not counted');
    const byCount = await hits('count');
    expect(
      byCount.map(({ path, count, referrerHost }) => ({ path, count, referrerHost })),
    ).toStrictEqual([
      { path: '/missing-page', count: 2, referrerHost: 'www.search.example' },
      // As often: the most recently seen first.
      { path: '/another-missing', count: 1, referrerHost: null },
      { path: '/Missing-page', count: 1, referrerHost: null },
    ]);
    expect((await hits('lastSeen')).map((hit) => hit.path)).toStrictEqual([
      '/another-missing',
      '/Missing-page',
      '/missing-page',
    ]);
  });

  test(`keeps ${MAX_PATHS} paths at most: the least recently seen go first`, async () => {
    for (let n = 1; n <= MAX_PATHS + 2; n += 1) await visit(`/gone-${n}`);
    // Seen again: now the most recent.
    await visit('/gone-3');
    await visit('/gone-8');
    const kept = await hits('lastSeen');
    expect(kept.map((hit) => hit.path)).toStrictEqual([
      '/gone-8',
      '/gone-3',
      '/gone-7',
      '/gone-6',
      '/gone-5',
    ]);
    const page = await admin.get(`${NOT_FOUND}?page=2&pageSize=2&sort=lastSeen`);
    expect(page.body).toMatchObject({ total: MAX_PATHS, page: 2, pageSize: 2 });
    expect((page.body as { items: Hit[] }).items.map((hit) => hit.path)).toStrictEqual([
      '/gone-7',
      '/gone-6',
    ]);
  });

  test(`one client's 404s are written ${MAX_PER_IP} a minute at most; others still are`, async () => {
    const bot = api.client();
    for (let n = 1; n <= MAX_PER_IP + 2; n += 1)
      assertStatus(await visit(`/bot-${n}`, {}, bot), 404, 'bot');
    await visit('/human');
    expect((await hits('lastSeen')).map((hit) => hit.path).sort()).toStrictEqual([
      '/bot-1',
      '/bot-2',
      '/bot-3',
      '/human',
    ]);
  });

  test('"Redirect this" makes a 301 from the path in one call, and the row goes', async () => {
    await visit('/old-contact?x=1');
    await visit('/old-contact');
    const [hit] = await hits();
    expect(hit).toMatchObject({ path: '/old-contact', count: 2 });
    const refusedTarget = await admin.post(`${NOT_FOUND}/${hit!._id}/redirect`, { to: 'contact' });
    expect((assertErrorBody(refusedTarget, 400).fields as Record<string, string>).to).toBe(
      REDIRECT_TEXTS.toForm,
    );
    const made = await admin.post(`${NOT_FOUND}/${hit!._id}/redirect`, { to: '/contact' });
    assertStatus(made, 201, 'Redirect this');
    expect(made.body).toMatchObject({
      from: '/old-contact',
      to: '/contact',
      status: 301,
      match: 'exact',
    });
    expect(await hits()).toStrictEqual([]);
    const response = await visit('/old-contact?x=1');
    expect({ status: response.status, location: response.headers.get('location') }).toStrictEqual({
      status: 301,
      location: '/contact?x=1',
    });
    // Done already: the row is gone.
    assertErrorBody(await admin.post(`${NOT_FOUND}/${hit!._id}/redirect`, { to: '/contact' }), 404);
    const [entry] = (await auditOf('redirect.created')).filter(
      (row) => row.target_id === (made.body as Rule)._id,
    );
    expect(entry?.summary).toContain('from the 404 monitor, 2 hits');
  });

  test('"Redirect this" is refused when the target is itself redirected', async () => {
    await addRule({ from: '/hop', to: '/pricing/', status: 301 });
    await visit('/lost');
    const [hit] = await hits();
    const response = await admin.post(`${NOT_FOUND}/${hit!._id}/redirect`, { to: '/hop' });
    expect((assertErrorBody(response, 400).fields as Record<string, string>).to).toBe(
      REDIRECT_TEXTS.chain('/hop'),
    );
    expect((await hits()).map((row) => row.path)).toStrictEqual(['/lost']);
  });

  test('dismissing a path removes it, audited', async () => {
    await visit('/typo-page');
    const [hit] = await hits();
    assertStatus(await admin.delete(`${NOT_FOUND}/${hit!._id}`), 204, 'dismiss');
    expect(await hits()).toStrictEqual([]);
    const entries = (await auditOf('not-found.dismissed')).filter(
      (row) => row.target_id === hit!._id,
    );
    expect(entries.map((row) => row.summary)).toStrictEqual([
      '404 path dismissed: /typo-page (1 hits)',
    ]);
    assertErrorBody(await admin.delete(`${NOT_FOUND}/${hit!._id}`), 404);
  });
});

describe('the sitemap', () => {
  const sitemapPaths = async () => {
    const response = await api.client().get('/sitemap.xml');
    assertStatus(response, 200, 'GET /sitemap.xml');
    return [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
      match[1]!.replace(api.publicUrl, ''),
    );
  };

  test('leaves out a redirected page, and lists it again once the rule goes', async () => {
    expect(await sitemapPaths()).toContain('/pricing/');
    const rule = await addRule({ from: '/pricing', to: '/service/', status: 301 });
    const paths = await sitemapPaths();
    expect(paths).not.toContain('/pricing/');
    expect(paths).toContain('/service/');
    await admin.delete(`${RULES}/${rule._id}`);
    expect(await sitemapPaths()).toContain('/pricing/');
  });
});

describe('every change audited', () => {
  test('adding, editing and removing a rule: who, what before and after', async () => {
    const rule = await addRule({
      from: '/audited',
      to: '/pricing/',
      status: 302,
      note: 'spring sale',
    });
    await admin.put(`${RULES}/${rule._id}`, { from: '/audited', status: 410 });
    await admin.delete(`${RULES}/${rule._id}`);
    const rows = [
      ...(await auditOf('redirect.created')),
      ...(await auditOf('redirect.updated')),
      ...(await auditOf('redirect.deleted')),
    ].filter((row) => row.target_id === rule._id);
    expect(
      rows.map(({ kind, summary, before, after }) => ({ kind, summary, before, after })),
    ).toStrictEqual([
      {
        kind: 'redirect.created',
        summary: 'Redirect added: /audited 302 to /pricing/',
        before: null,
        after: {
          from: '/audited',
          match: 'exact',
          status: 302,
          to: '/pricing/',
          note: 'spring sale',
        },
      },
      {
        kind: 'redirect.updated',
        summary: 'Redirect changed: /audited gone (410)',
        before: {
          from: '/audited',
          match: 'exact',
          status: 302,
          to: '/pricing/',
          note: 'spring sale',
        },
        after: { from: '/audited', match: 'exact', status: 410, to: null, note: null },
      },
      {
        kind: 'redirect.deleted',
        summary: 'Redirect removed: /audited',
        before: { from: '/audited', match: 'exact', status: 410, to: null, note: null },
        after: null,
      },
    ]);
  });
});

describe('admins only', () => {
  const ID = '00000000-0000-4000-8000-000000000000';
  const calls: [string, string, unknown?][] = [
    ['GET', RULES],
    ['POST', RULES, { from: '/x', to: '/pricing/', status: 301 }],
    ['PUT', `${RULES}/${ID}`, { from: '/x', to: '/pricing/', status: 301 }],
    ['DELETE', `${RULES}/${ID}`],
    ['GET', NOT_FOUND],
    ['POST', `${NOT_FOUND}/${ID}/redirect`, { to: '/pricing/' }],
    ['DELETE', `${NOT_FOUND}/${ID}`],
  ];

  test('a visitor gets 401 and a customer 403 on every route, and nothing changes', async () => {
    const { client: customer } = await world.customer();
    const visitor = api.client();
    for (const [method, path, json] of calls) {
      const options = json === undefined ? {} : { json };
      expect({
        call: `${method} ${path}`,
        status: (await visitor.request(method, path, options)).status,
      }).toStrictEqual({
        call: `${method} ${path}`,
        status: 401,
      });
      expect({
        call: `${method} ${path}`,
        status: (await customer.request(method, path, options)).status,
      }).toStrictEqual({
        call: `${method} ${path}`,
        status: 403,
      });
    }
    expect((await admin.get(RULES)).body).toStrictEqual([]);
  });
});
