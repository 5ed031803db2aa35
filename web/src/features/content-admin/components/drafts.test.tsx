import { findSection, type DraftSection, type DraftSummary } from '@contracts/content';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { type ApiCall, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { localInputToIso } from '../../../lib/local-time';
import { DraftsOverview } from './drafts-overview';
import { EditSectionEntry } from './edit-section-entry';
import { SectionBlock } from './section-block';

const banner = findSection('banner')!;
const realFetch = globalThis.fetch;
const BANNER = {
  _id: 'b1',
  bannerText: 'Eyebrow',
  bannerHeading: 'Published heading',
  bannerDetails: 'Details',
  buttonURL: '/pricing',
  buttonText: 'Start',
  imageOne: '/uploads/banner-1200x800.webp',
};
const summary: DraftSummary = {
  section: 'banner',
  changes: 1,
  updatedBy: 'editor@agency.test',
  updatedAt: '2026-11-27T09:30:00.000Z',
  publishAt: null,
  scheduledBy: null,
};

/** The banner's draft as the server holds it, changed by the calls the screen makes. */
let draft: DraftSummary | null;
let calls: ApiCall[];

beforeEach(() => {
  draft = { ...summary };
  calls = fakeApi(({ method, url }) => {
    const path = url.pathname;
    if (method === 'GET' && path === '/api/admin/content-drafts/banner') {
      const section: DraftSection = { section: 'banner', entries: [BANNER], draft };
      return [200, section];
    }
    if (method === 'GET' && path === '/api/admin/content-drafts')
      return [200, draft ? [draft] : []];
    if (method === 'POST' && path === '/api/admin/content-drafts/banner/publish') {
      draft = null;
      return [200, { published: ['banner'] }];
    }
    if (method === 'POST' && path === '/api/admin/content-drafts/publish') {
      draft = null;
      return [200, { published: ['banner'] }];
    }
    if (method === 'DELETE' && path === '/api/admin/content-drafts/banner') {
      draft = null;
      return [204, undefined];
    }
    if (method === 'PUT' && path === '/api/admin/content-drafts/banner/schedule') {
      const { publishAt } = calls.at(-1)!.body as { publishAt: string };
      draft = {
        ...summary,
        publishAt: new Date(publishAt).toISOString(),
        scheduledBy: 'me@x.test',
      };
      return [200, draft];
    }
    if (method === 'POST' && path === '/api/admin/preview') {
      const body = calls.at(-1)!.body as { entries: Record<string, string>[] };
      return [200, `<!doctype html><h1>${body.entries[0]!.bannerHeading}</h1>`];
    }
    return undefined;
  });
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

const callsTo = (method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.pathname === path);

describe("a section's draft", () => {
  it('shows its unpublished changes and who made them; Publish makes it live', async () => {
    const { user } = renderWithProviders(<SectionBlock section={banner} />);
    const region = await screen.findByRole('region', { name: 'Banner draft' });
    expect(within(region).getByText('Unpublished changes')).toBeInTheDocument();
    expect(within(region).getByText(/by editor@agency\.test/)).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Banner draft' })).not.toBeInTheDocument(),
    );
    expect(callsTo('POST', '/api/admin/content-drafts/banner/publish')).toHaveLength(1);
    expect(await screen.findByText('Banner is published.')).toBeInTheDocument();
  });

  it('Discard asks first, then drops the draft', async () => {
    const { user } = renderWithProviders(<SectionBlock section={banner} />);
    const region = await screen.findByRole('region', { name: 'Banner draft' });
    await user.click(within(region).getByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Discard the unpublished changes to Banner?',
    });
    expect(callsTo('DELETE', '/api/admin/content-drafts/banner')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Banner draft' })).not.toBeInTheDocument(),
    );
    expect(callsTo('DELETE', '/api/admin/content-drafts/banner')).toHaveLength(1);
  });

  it("'Publish at' sends the moment picked in the admin's time zone and shows it planned", async () => {
    const { user } = renderWithProviders(<SectionBlock section={banner} />);
    const region = await screen.findByRole('region', { name: 'Banner draft' });
    const input = within(region).getByLabelText('Publish at');
    await user.type(input, '2030-05-01T09:30');
    await user.click(within(region).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(callsTo('PUT', '/api/admin/content-drafts/banner/schedule')).toHaveLength(1),
    );
    const sent = callsTo('PUT', '/api/admin/content-drafts/banner/schedule')[0]!.body;
    expect(sent).toStrictEqual({ publishAt: localInputToIso('2030-05-01T09:30') });
    // Shown back in the same zone, with a way to cancel it.
    expect(await within(region).findByText(/Goes live/)).toHaveTextContent(
      new Date(2030, 4, 1, 9, 30).toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    );
    expect(within(region).getByRole('button', { name: 'Cancel planned publish' })).toBeVisible();
  });

  it('the overview lists every draft and publishes them all at once', async () => {
    const { user } = renderWithProviders(<DraftsOverview />);
    const overview = await screen.findByRole('region', { name: 'Unpublished changes' });
    expect(within(overview).getByRole('listitem')).toHaveTextContent(
      /Banner.*Draft.*editor@agency\.test/,
    );
    await user.click(within(overview).getByRole('button', { name: 'Publish all' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Unpublished changes' })).not.toBeInTheDocument(),
    );
    expect(callsTo('POST', '/api/admin/content-drafts/publish')).toHaveLength(1);
  });
});

describe('the live preview', () => {
  it("renders the page with the form's unsaved values as the admin types, without saving", async () => {
    const { user } = renderWithProviders(<EditSectionEntry section={banner} id="b1" />);
    const frame = await screen.findByTitle('Preview of /', undefined, { timeout: 3000 });
    expect(frame.getAttribute('srcdoc')).toContain('Published heading');

    const heading = screen.getByLabelText('Banner Heading');
    await user.clear(heading);
    await user.type(heading, 'Typed heading');
    await waitFor(
      () =>
        expect(screen.getByTitle('Preview of /').getAttribute('srcdoc')).toContain('Typed heading'),
      { timeout: 3000 },
    );
    const last = callsTo('POST', '/api/admin/preview').at(-1)!.body;
    expect(last).toMatchObject({
      path: '/',
      section: 'banner',
      entries: [{ _id: 'b1', bannerHeading: 'Typed heading' }],
    });
    // Debounced: not one render per key stroke; and nothing saved.
    expect(callsTo('POST', '/api/admin/preview').length).toBeLessThan('Typed heading'.length);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    // Scripts do not run in the frame.
    expect(frame).toHaveAttribute('sandbox', '');
  });
});
