import { afterEach, describe, expect, it } from '@jest/globals';
import { type IndexNowStatus } from '@contracts/seo/indexnow';
import { type PageCheckReport } from '@contracts/seo/page-checks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiCall, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { SeoHub } from './seo-hub';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const check = (
  id: PageCheckReport['checks'][number]['id'],
  status: 'pass' | 'warn' | 'fail',
  reason: string,
) => ({
  id,
  label: id === 'description' ? 'Meta description' : 'One H1 heading',
  status,
  reason,
  weight: 15,
  details: [],
});

const report = (over: Partial<PageCheckReport>): PageCheckReport => ({
  pageId: 'home',
  path: '/',
  name: 'Home',
  url: 'https://agency.example/',
  status: 200,
  title: 'Home',
  description: 'About us',
  score: 100,
  checks: [check('h1', 'pass', 'The page has one H1.')],
  ...over,
});

const indexNow = (over: Partial<IndexNowStatus> = {}): IndexNowStatus => ({
  enabled: true,
  endpoint: 'https://api.indexnow.org/indexnow',
  keyLocation: 'https://agency.example/abcdef0123456789.txt',
  submissions: [
    {
      id: '11111111-0000-4000-8000-000000000001',
      status: 'failed',
      urls: ['https://agency.example/'],
      createdAt: '2026-11-27T10:00:00.000Z',
      dueAt: '2026-11-27T10:01:00.000Z',
      sentAt: null,
      attempts: 8,
      responseStatus: 500,
      lastError: 'IndexNow answered 500',
    },
  ],
  ...over,
});

function serve(): ApiCall[] {
  let status = indexNow();
  return fakeApi(({ method, url, body }) => {
    if (url.pathname === '/api/admin/seo/pages') {
      return [
        200,
        {
          pages: [
            report({}),
            report({
              pageId: 'pricing',
              path: '/pricing/',
              name: 'Pricing',
              score: 85,
              checks: [check('description', 'fail', 'The page has no description of its own.')],
            }),
          ],
        },
      ];
    }
    if (url.pathname === '/api/content/seoPages') {
      return [200, [{ _id: 'e1', page: '/pricing/', title: 'Pricing', description: 'x' }]];
    }
    if (url.pathname === '/api/admin/seo/indexnow' && method === 'GET') return [200, status];
    if (url.pathname === '/api/admin/seo/indexnow' && method === 'PUT') {
      status = indexNow({ enabled: (body as { enabled: boolean }).enabled });
      return [200, status];
    }
    return undefined;
  });
}

describe('SeoHub', () => {
  it('lists every page with its score and what to fix, linking to its editor', async () => {
    serve();
    renderWithProviders(<SeoHub />);
    const table = await screen.findByRole('table', { name: 'Public pages and their SEO score' });
    const [, home, pricing] = within(table).getAllByRole('row');
    expect(within(home!).getByLabelText('Score 100 of 100')).toBeTruthy();
    expect(within(home!).getByText('Nothing')).toBeTruthy();
    expect(within(pricing!).getByLabelText('Score 85 of 100')).toBeTruthy();
    expect(
      within(pricing!).getByText(/Meta description: The page has no description of its own/),
    ).toBeTruthy();
    // A page with a Page SEO entry links to it; one without, to the list to add one.
    expect(
      within(pricing!).getByRole('link', { name: 'Edit Pricing SEO' }).getAttribute('href'),
    ).toBe('/page-seo/e1');
    expect(within(home!).getByRole('link', { name: 'Edit Home SEO' }).getAttribute('href')).toBe(
      '/edit-page-seo',
    );
  });

  it('shows the last IndexNow submission’s failure and turns IndexNow off', async () => {
    const calls = serve();
    renderWithProviders(<SeoHub />);
    const panel = await screen.findByRole('region', { name: 'IndexNow' });
    expect(await within(panel).findByText(/IndexNow answered 500/)).toBeTruthy();
    expect(within(panel).getByText(/8 attempts, HTTP 500/)).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Turn IndexNow off' }));
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Turn IndexNow on' })).toBeTruthy(),
    );
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toStrictEqual([
      { enabled: false },
    ]);
  });
});
