import { afterEach, describe, expect, it } from '@jest/globals';
import { type NotFoundHit, type Redirect, REDIRECT_TEXTS } from '@contracts/seo-redirects';
import { screen, within } from '@testing-library/react';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { NotFoundMonitor } from './not-found-monitor';
import { RedirectRules } from './redirect-rules';

const RULE_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const HIT_ID = 'bbbbbbbb-0000-4000-8000-000000000002';
const realFetch = globalThis.fetch;

const rule = (fields: Partial<Redirect> = {}): Redirect => ({
  _id: RULE_ID,
  from: '/old-pricing',
  to: '/pricing/',
  status: 301,
  match: 'exact',
  note: null,
  updatedBy: 'admin@agency.test',
  createdAt: '2026-12-13T10:00:00.000Z',
  updatedAt: '2026-12-13T10:00:00.000Z',
  ...fields,
});

const hit: NotFoundHit = {
  _id: HIT_ID,
  path: '/old-contact',
  count: 7,
  firstSeenAt: '2026-12-13T09:00:00.000Z',
  lastSeenAt: '2026-12-13T10:00:00.000Z',
  referrerHost: 'search.example',
};

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the redirect rules', () => {
  it('adds a rule and lists it once the server accepted it', async () => {
    let rules: Redirect[] = [];
    const calls = fakeApi((call) => {
      if (call.method === 'GET') return [200, rules];
      if (call.method === 'POST') {
        rules = [rule({ from: '/old-blog', to: '/news/', match: 'prefix' })];
        return [201, rules[0]];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<RedirectRules />);

    expect(await screen.findByText('No redirects yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Old path', { exact: false }), '/old-blog');
    await user.selectOptions(screen.getByLabelText('Applies to'), 'prefix');
    await user.type(screen.getByLabelText('New path or address', { exact: false }), '/news/');
    await user.click(screen.getByRole('button', { name: 'Add redirect' }));

    expect(await screen.findByText('Redirect added')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Redirect rules' });
    expect(within(table).getByRole('rowheader')).toHaveTextContent('/old-blog (and below)');
    const sent = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(sent).toEqual([
      { from: '/old-blog', to: '/news/', status: 301, match: 'prefix', note: null },
    ]);
  });

  it("shows the server's refusal on its field, and no success", async () => {
    fakeApi((call) => {
      if (call.method === 'GET') return [200, [rule()]];
      return [
        400,
        { ...errorBody(400, 'to: loop'), fields: { to: REDIRECT_TEXTS.loop('/old-pricing') } },
      ];
    });
    const { user } = renderWithProviders(<RedirectRules />);

    await screen.findByRole('table', { name: 'Redirect rules' });
    await user.type(screen.getByLabelText('Old path', { exact: false }), '/pricing');
    await user.type(screen.getByLabelText('New path or address', { exact: false }), '/old-pricing');
    await user.click(screen.getByRole('button', { name: 'Add redirect' }));

    const target = screen.getByLabelText('New path or address', { exact: false });
    expect(
      await screen.findByText(REDIRECT_TEXTS.loop('/old-pricing'), {
        selector: '.field__error, [id$="-error"]',
      }),
    ).toBeInTheDocument();
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Redirect added')).toBeNull();
  });

  it('a 410 asks for no target', async () => {
    fakeApi((call) => (call.method === 'GET' ? [200, []] : undefined));
    const { user } = renderWithProviders(<RedirectRules />);
    await screen.findByText('No redirects yet.');
    await user.selectOptions(screen.getByLabelText('Kind'), '410');
    expect(screen.queryByLabelText('New path or address', { exact: false })).toBeNull();
  });
});

describe('the 404 monitor', () => {
  it('"Redirect this" opens a form for the path and makes the 301 in one submit', async () => {
    let hits = [hit];
    const calls = fakeApi((call) => {
      if (call.method === 'GET' && call.url.pathname.endsWith('/not-found')) {
        return [200, { items: hits, total: hits.length, page: 1, pageSize: 25 }];
      }
      if (call.method === 'POST') {
        hits = [];
        return [201, rule({ from: '/old-contact', to: '/contact' })];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<NotFoundMonitor />);

    const row = (await screen.findByRole('rowheader', { name: '/old-contact' })).closest('tr')!;
    expect(row).toHaveTextContent('7');
    expect(row).toHaveTextContent('search.example');
    await user.click(within(row).getByRole('button', { name: 'Redirect this /old-contact' }));
    const form = screen.getByRole('heading', { name: 'Redirect /old-contact' }).closest('form')!;
    await user.type(
      within(form).getByLabelText('New path or address', { exact: false }),
      '/contact',
    );
    await user.click(within(form).getByRole('button', { name: 'Create the 301' }));

    expect(await screen.findByText('/old-contact now redirects (301)')).toBeInTheDocument();
    expect(await screen.findByText('No 404s counted.')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => [call.url.pathname, call.body]),
    ).toEqual([[`/api/admin/seo/not-found/${HIT_ID}/redirect`, { to: '/contact', note: null }]]);
  });
});
