/**
 * The files crawlers and agents fetch, from the built server with real PostgreSQL and Redis:
 * robots.txt and sitemap.xml (issue 15 §3), llms.txt and the AI catalog with its Agent Skill (§4).
 * Each is a file of its own type (never the SPA's HTML), generated from the content: an admin's edit
 * shows in the next answer, and content made to break XML, Markdown or JSON cannot.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/seo-files.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { JSDOM } from 'jsdom';
import { marked, type Tokens } from 'marked';
import {
  contentClients,
  type ContentClients,
  listEntries,
  type EntryBody,
} from '../support/content.js';
import { billingOf, PER_MONTH } from '../../src/contracts/subscriptions.js';
import { type HttpResponse } from '../support/http-client.js';
import { assertStatus } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import { aiCatalogAudit, llmsTxtAudit, robotsTxtAudit } from '../support/lighthouse-audits.js';
import { pollUntil } from '../support/net.js';
import { operationsOf } from '../support/openapi.js';

const world = useWorld({ name: 'seo-files' });
const suite = world;
const { adminEmail, adminPassword } = world;

let api: IdentityApp;
let clients: ContentClients;

const SITEMAP_PAGES = [
  '/',
  '/pricing/',
  '/service/',
  '/contact',
  '/login',
  '/register',
  '/seo-check',
];
/** Text that breaks a format written without escaping: XML, CDATA, Markdown links, HTML. */
const HOSTILE = 'Best <b>SEO</b> & more ]]> [click](https://evil.example) `x` \\ </script>';

/** GETs a file: 200, its type, cacheable for a while by anyone (it is the same for everyone). */
async function file(path: string, type: string): Promise<HttpResponse> {
  const response = await clients.anonymous.get(path);
  assertStatus(response, 200, `GET ${path}`);
  expect({ path, type: response.headers.get('content-type') }).toStrictEqual({
    path,
    type: `${type}; charset=utf-8`,
  });
  expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  return response;
}

const xmlDocument = (xml: string) =>
  new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');

/** Each sitemap page's lastmod, by path; the XML is checked to be well-formed first. */
async function sitemapLastmods(): Promise<Record<string, string | undefined>> {
  const response = await file('/sitemap.xml', 'application/xml');
  const document = xmlDocument(response.text);
  // Well-formed (a parser error shows its text).
  expect(document.getElementsByTagName('parsererror')[0]?.textContent).toBeUndefined();
  return Object.fromEntries(
    [...document.getElementsByTagName('url')].map((url) => [
      url.getElementsByTagName('loc')[0]!.textContent!.replace(api.publicUrl, ''),
      url.getElementsByTagName('lastmod')[0]?.textContent ?? undefined,
    ]),
  );
}

/** The links of a Markdown text written as links (CommonMark: no bare-address autolinks). */
function linksOf(markdown: string): { text: string; href: string }[] {
  const links: { text: string; href: string }[] = [];
  marked.walkTokens(marked.lexer(markdown, { gfm: false }), (token) => {
    if (token.type === 'link') {
      const { text, href } = token as Tokens.Link;
      links.push({ text, href });
    }
  });
  return links;
}

/** The one record of a singleton section. */
async function singleton(key: string): Promise<EntryBody> {
  const [entry] = await listEntries(clients.anonymous, key);
  if (!entry) throw new Error(`the demo content has a ${key} record`);
  return entry;
}

/** Replaces fields of a record as the admin (the rest kept), through the canonical API. */
async function edit(key: string, entry: EntryBody, fields: Record<string, string>): Promise<void> {
  const { _id, ...rest } = entry;
  const response = await clients.admin.put(`/api/content/${key}/${_id}`, { ...rest, ...fields });
  assertStatus(response, 200, `PUT /api/content/${key}/${_id}`);
}

describe('files for crawlers and agents', () => {
  beforeAll(async () => {
    api = world.api;
    clients = await contentClients(suite, api, adminEmail, adminPassword);
  }, 120_000);

  test('robots.txt: every crawler allowed the public pages, kept out of admin and account pages', async () => {
    const robots = (await file('/robots.txt', 'text/plain')).text;
    const lines = robots.split('\n').filter((line) => line && !line.startsWith('#'));
    const directives = lines.map((line) => /^([A-Za-z-]+): (\S+)$/.exec(line)?.slice(1));
    // Every line is `Name: value` (the lines stand beside the check, so a failure shows them).
    expect({ lines, parsed: directives.every(Boolean) }).toStrictEqual({ lines, parsed: true });
    expect(lines[0]).toBe('User-agent: *');
    for (const line of [
      'Allow: /$',
      'Allow: /pricing/',
      'Disallow: /admin',
      'Disallow: /dashboard',
    ]) {
      expect(lines).toContain(line);
    }
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toStrictEqual([
      `Sitemap: ${api.publicUrl}/sitemap.xml`,
    ]);
    expect(robotsTxtAudit(robots)).toStrictEqual({ score: 1, issues: [] });
  });

  test('sitemap.xml: the public pages at PUBLIC_URL, each with an ISO lastmod', async () => {
    const lastmods = await sitemapLastmods();
    expect(Object.keys(lastmods)).toStrictEqual(SITEMAP_PAGES);
    for (const [path, lastmod] of Object.entries(lastmods)) {
      // An ISO 8601 UTC time, not in the future (the path stands beside it).
      const iso = lastmod !== undefined && new Date(lastmod).toISOString() === lastmod;
      expect({ path, lastmod, iso, past: Date.parse(lastmod ?? '') <= Date.now() }).toStrictEqual({
        path,
        lastmod,
        iso: true,
        past: true,
      });
    }
  });

  test("an edit of a section on /pricing/ moves /pricing/'s lastmod (and the home page's), not /service/'s", async () => {
    const before = await sitemapLastmods();
    const [basic] = await listEntries(clients.anonymous, 'pricing');
    await edit('pricing', basic!, { packagePointOne: 'Full technical SEO audit' });
    const after = await pollUntil(
      async () => {
        const lastmods = await sitemapLastmods();
        return lastmods['/pricing/']! > before['/pricing/']! && lastmods;
      },
      { timeoutMs: 10_000, what: "/pricing/'s lastmod to move forward" },
    );
    expect(after['/']).toBe(after['/pricing/']); // the packages are on the home page too
    expect(after['/service/']).toBe(before['/service/']);
  });

  test("a page's own Page SEO entry moves its lastmod alone", async () => {
    const before = await sitemapLastmods();
    const entries = await listEntries(clients.anonymous, 'seoPages');
    const contact = entries.find((entry) => entry.page === '/contact')!;
    await edit('seoPages', contact, { description: 'Write to us about your website.' });
    const after = await pollUntil(
      async () => {
        const lastmods = await sitemapLastmods();
        return lastmods['/contact']! > before['/contact']! && lastmods;
      },
      { timeoutMs: 10_000, what: "/contact's lastmod to move forward" },
    );
    expect({ ...after, '/contact': undefined }).toStrictEqual({ ...before, '/contact': undefined });
  });

  test('llms.txt: # the site name, a summary, the pages, and every package with its USD price', async () => {
    const llms = (await file('/llms.txt', 'text/markdown')).text;
    const seo = await singleton('seo');
    expect(llms.startsWith(`# ${seo.siteName}\n\n> `)).toBe(true);
    expect(llmsTxtAudit(llms)).toStrictEqual({ score: 1, issues: [] });
    const links = linksOf(llms);
    const packages = await listEntries(clients.anonymous, 'pricing');
    expect(packages.length).toBeGreaterThan(0);
    for (const pack of packages) {
      expect(links).toContainEqual({
        // A monthly plan (the demo's are) is priced per month.
        text: `${pack.packageName}: $${pack.packagePrice}${billingOf(pack) === 'monthly' ? PER_MONTH : ''}`,
        href: `${api.publicUrl}/pricing/`,
      });
    }
    for (const path of ['/', '/pricing/', '/service/', '/contact']) {
      expect(links.map((link) => link.href)).toContain(`${api.publicUrl}${path}`);
    }
  });

  test("an admin's new site name is the next llms.txt's heading", async () => {
    const seo = await singleton('seo');
    await edit('seo', seo, { siteName: 'Rank Rise Studio' });
    const llms = (await file('/llms.txt', 'text/markdown')).text;
    expect(llms.split('\n')[0]).toBe('# Rank Rise Studio');
    await edit('seo', seo, { siteName: seo.siteName! });
  });

  test('ai-catalog.json at its well-known path passes Lighthouse’s ARD audit; its skill is served', async () => {
    const response = await file('/.well-known/ai-catalog.json', 'application/json');
    expect(aiCatalogAudit(response.text)).toStrictEqual({ score: 1, issues: [] });
    const catalog = JSON.parse(response.text) as {
      host: { displayName: string };
      entries: { identifier: string; url: string; type: string }[];
    };
    expect(catalog.host.displayName).toBe((await singleton('seo')).siteName);
    expect(catalog.entries).toHaveLength(1);
    const [entry] = catalog.entries;
    expect(entry!.identifier).toBe('urn:air:127.0.0.1:skills:agency-services');
    expect(entry!.url.startsWith(`${api.publicUrl}/`)).toBe(true);
    const skill = (await file(entry!.url.replace(api.publicUrl, ''), 'text/markdown')).text;
    expect(skill).toMatch(/^---\nname: agency-services\ndescription: ".+"\n---\n\n# /);
  });

  test('the files are documented as public operations (and so walked by the authorization test)', async () => {
    const response = await clients.anonymous.get('/api/docs-json');
    assertStatus(response, 200, 'GET /api/docs-json');
    const documented = operationsOf(response.body)
      .filter((op) => !op.path.startsWith('/api/'))
      .map((op) => `${op.method} ${op.path} ${String(op.access)}`);
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /robots.txt public',
        'GET /sitemap.xml public',
        'GET /llms.txt public',
        'GET /.well-known/ai-catalog.json public',
        'GET /.well-known/agent-skills/agency-services/SKILL.md public',
      ]),
    );
  });

  test('content made to break XML, Markdown or JSON stays text in every file', async () => {
    const before = linksOf((await file('/llms.txt', 'text/markdown')).text);
    await edit('seo', await singleton('seo'), {
      siteName: 'A & B <i>',
      defaultDescription: HOSTILE,
    });
    await edit('footerAbout', await singleton('footerAbout'), { aboutFooterDetails: HOSTILE });
    const [basic] = await listEntries(clients.anonymous, 'pricing');
    await edit('pricing', basic!, { packagePointTwo: 'Links](https://evil.example) [' });

    const llms = (await file('/llms.txt', 'text/markdown')).text;
    expect(llms.split('\n')[0]).toBe('# A & B \\<i\\>');
    // The same links to the same places, and no HTML.
    expect(linksOf(llms).map((link) => link.href)).toStrictEqual(before.map((link) => link.href));
    expect(marked.lexer(llms, { gfm: false }).filter((token) => token.type === 'html')).toEqual([]);
    expect(llmsTxtAudit(llms).score).toBe(1);

    await sitemapLastmods(); // still well-formed
    const catalog = (await file('/.well-known/ai-catalog.json', 'application/json')).text;
    expect(aiCatalogAudit(catalog)).toStrictEqual({ score: 1, issues: [] });
    expect(JSON.parse(catalog)).toMatchObject({
      host: { displayName: 'A & B <i>' },
      entries: [{ description: HOSTILE }],
    });
    const skill = (
      await file('/.well-known/agent-skills/agency-services/SKILL.md', 'text/markdown')
    ).text;
    const description = /^description: (".*")$/m.exec(skill)?.[1];
    expect(JSON.parse(description!)).toContain("A & B <i>'s services");
  });
});
