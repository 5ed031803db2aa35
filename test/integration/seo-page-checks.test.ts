/**
 * The SEO checks of our own public pages (issue 31 §2), against the built app (server and web: `npm
 * run build`), real PostgreSQL and Redis and the demo content: every page checked as the site renders
 * it, a missing description failing its check until the content gives one, and who may ask.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/seo-page-checks.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { PUBLIC_PAGE_PATHS } from '../../src/contracts/public-pages.js';
import type {
  PageCheck,
  PageCheckList,
  PageCheckReport,
} from '../../src/contracts/seo/page-checks.js';
import { contentClients, type ContentClients, listEntries } from '../support/content.js';
import { assertStatus } from '../support/identity.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'seo-page-checks' });

let clients: ContentClients;

const byId = (report: PageCheckReport) =>
  Object.fromEntries(report.checks.map((check) => [check.id, check])) as Record<
    PageCheck['id'],
    PageCheck
  >;

async function pageReport(pageId: string): Promise<PageCheckReport> {
  const response = await clients.admin.get(`/api/admin/seo/pages/${pageId}`);
  assertStatus(response, 200, `GET /api/admin/seo/pages/${pageId}`);
  return response.body as PageCheckReport;
}

describe('SEO page checks', () => {
  beforeAll(async () => {
    clients = await contentClients(world, world.api, world.adminEmail, world.adminPassword);
  }, 120_000);

  test('every public page is checked as rendered: one H1, its canonical, valid JSON-LD, no broken link', async () => {
    const response = await clients.admin.get('/api/admin/seo/pages');
    assertStatus(response, 200, 'GET /api/admin/seo/pages');
    const { pages } = response.body as PageCheckList;
    expect(pages.map((page) => page.path)).toStrictEqual([...PUBLIC_PAGE_PATHS]);
    for (const page of pages) {
      const checks = byId(page);
      const summary = (id: PageCheck['id']) => ({ page: page.path, ...checks[id] });
      expect(page.status).toBe(200);
      expect(page.url).toBe(`${world.api.publicUrl}${page.path}`);
      expect(summary('h1')).toMatchObject({ status: 'pass' });
      expect(summary('canonical')).toMatchObject({ status: 'pass' });
      expect(summary('structuredData')).toMatchObject({ status: 'pass' });
      expect(summary('imageAlt')).toMatchObject({ status: 'pass' });
      expect(summary('internalLinks').status).not.toBe('fail');
      expect(page.score).toBeGreaterThan(0);
      expect(page.score).toBeLessThanOrEqual(100);
    }
    // The home page's JSON-LD names the agency, the site and the packages' Service with its Offers.
    const home = byId(pages[0]!);
    expect(home.structuredData.details).toEqual(
      expect.arrayContaining(['ProfessionalService', 'WebSite', 'Service', 'Offer']),
    );
    // The share image is the site's default, 1200×630.
    expect(home.shareImage).toMatchObject({
      status: 'pass',
      reason: 'The share image is 1200×630.',
    });
    // The title is measured in pixels, as rendered.
    expect(home.title.reason).toMatch(/^The title (fits a search result|is \d+px)/);
  });

  test('a page without a description of its own fails that check; giving it one makes it pass', async () => {
    const entry = (await listEntries(clients.admin, 'seoPages')).find(
      (candidate) => candidate.page === '/contact',
    );
    if (entry) {
      assertStatus(
        await clients.admin.delete(`/api/content/seoPages/${entry._id}`),
        204,
        'DELETE the contact page’s Page SEO',
      );
    }
    const without = await pageReport('contact');
    expect(byId(without).description).toMatchObject({
      status: 'fail',
      reason: expect.stringContaining('no description of its own'),
    });

    const description =
      'Tell us about your site and your goals: we answer within one working day with a plan, a quote and the first quick wins we see.';
    const created = await clients.admin.post('/api/content/seoPages', {
      page: '/contact',
      title: 'Contact our SEO team',
      description,
    });
    assertStatus(created, 201, 'POST the contact page’s Page SEO');
    const fixed = await pageReport('contact');
    // Read from the page rendered after the edit.
    expect(fixed.description).toBe(description);
    expect(byId(fixed).description).toMatchObject({ status: 'pass' });
    expect(fixed.score).toBeGreaterThan(without.score);
  });

  test('an unknown page is a 404; only admins may ask', async () => {
    expect((await clients.admin.get('/api/admin/seo/pages/nowhere')).status).toBe(404);
    expect((await clients.anonymous.get('/api/admin/seo/pages')).status).toBe(401);
    expect((await clients.customer.get('/api/admin/seo/pages')).status).toBe(403);
    expect((await clients.customer.get('/api/admin/seo/pages/home')).status).toBe(403);
  });
});
