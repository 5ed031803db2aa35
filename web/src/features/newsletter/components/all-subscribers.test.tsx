import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { NEWSLETTER_MESSAGES, type Subscriber, type SubscriberStatus } from '@contracts/newsletter';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderWithProviders } from '../../../testing/render';
import { AllSubscribers } from './all-subscribers';

/** The address the list is at, as the browser would show it. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

const subscriber = (n: number, status: SubscriberStatus): Subscriber => ({
  _id: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`,
  subemail: `reader-${n}@example.test`,
  status,
  createdAt: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  confirmedAt: null,
  blockedReason: null,
  blockedAt: null,
});

/**
 * A fake API over `stored` (newest first): pages of GET /api/admin/subscribers as the server cuts them,
 * DELETE /api/admin/subscribers/:id (`refuse` answers it with that error instead). Records requests.
 */
function serve(stored: Subscriber[], refuse?: { status: number; message: string }) {
  const requests: string[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const answer = (status: number, body: unknown) => ({
      ok: status < 400,
      status,
      text: async () => JSON.stringify(body),
    });
    if (method === 'DELETE') {
      if (refuse) return answer(refuse.status, { statusCode: refuse.status, ...refuse });
      const id = url.pathname.split('/').at(-1);
      stored.splice(
        stored.findIndex((s) => s._id === id),
        1,
      );
      return answer(200, { message: NEWSLETTER_MESSAGES.removed });
    }
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const status = url.searchParams.get('status');
    const matching = stored.filter((s) => !status || s.status === status);
    const items = matching.slice((page - 1) * pageSize, page * pageSize);
    return answer(200, { items, total: matching.length, page, pageSize });
  }) as unknown as typeof fetch;
  return requests;
}

const bodyRows = async () =>
  within(await screen.findByRole('table', { name: 'All Subscribers' }))
    .getAllByRole('row')
    .slice(1);

describe('the subscribers screen', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('pages 5 at a time; a status filter starts again at page 1, and the CSV link follows it', async () => {
    const stored = [7, 6, 5, 4, 3, 2, 1].map((n) => subscriber(n, n % 2 ? 'confirmed' : 'pending'));
    const requests = serve(stored);
    const { user } = renderWithProviders(<AllSubscribers />);

    const rows = await bodyRows();
    expect(rows[0]).toHaveTextContent(/^1reader-7@example\.testConfirmed11\/07\/2026Remove$/);
    expect(rows).toHaveLength(5);
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink).toHaveAttribute('href', '/api/admin/subscribers/export.csv');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('reader-1@example.test')).toBeInTheDocument();
    // Numbered across pages.
    expect((await bodyRows())[0]).toHaveTextContent(/^6reader-2@example\.test/);

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(await screen.findByText('reader-6@example.test')).toBeInTheDocument();
    expect(requests.at(-1)).toBe('GET /api/admin/subscribers?page=1&pageSize=5&status=pending');
    expect(exportLink).toHaveAttribute('href', '/api/admin/subscribers/export.csv?status=pending');
  });

  it('filters the bounced and complained addresses and shows why and since when', async () => {
    const stored = [
      {
        ...subscriber(3, 'complained'),
        blockedReason: 'SES complaint (abuse)',
        blockedAt: '2026-11-20T09:00:00.000Z',
      },
      {
        ...subscriber(2, 'bounced'),
        blockedReason: 'Postmark HardBounce: mailbox not found',
        blockedAt: '2026-11-19T09:00:00.000Z',
      },
      subscriber(1, 'confirmed'),
    ];
    const requests = serve(stored);
    const { user } = renderWithProviders(<AllSubscribers />);
    await bodyRows();

    await user.selectOptions(screen.getByLabelText('Status'), 'bounced');
    expect(await screen.findByText(/Postmark HardBounce: mailbox not found/)).toBeInTheDocument();
    expect(requests.at(-1)).toBe('GET /api/admin/subscribers?page=1&pageSize=5&status=bounced');
    expect(await bodyRows()).toHaveLength(1);
    expect((await bodyRows())[0]).toHaveTextContent(
      /^1reader-2@example\.testBouncedPostmark HardBounce: mailbox not found \(11\/19\/2026\)/,
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'complained');
    expect(await screen.findByText(/SES complaint \(abuse\) \(11\/20\/2026\)/)).toBeInTheDocument();
  });

  it('removes an address only once confirmed, and says so once the server accepted', async () => {
    const stored = [6, 5, 4, 3, 2, 1].map((n) => subscriber(n, 'confirmed'));
    const requests = serve(stored);
    const { user } = renderWithProviders(<AllSubscribers />);
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));

    await user.click(await screen.findByRole('button', { name: 'Remove reader-1@example.test' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(requests.filter((request) => request.startsWith('DELETE'))).toStrictEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove reader-1@example.test' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(NEWSLETTER_MESSAGES.removed)).toBeInTheDocument();
    expect(requests).toContain(`DELETE /api/admin/subscribers/${subscriber(1, 'confirmed')._id}`);
    // Page 2 is empty now: the table moves back to page 1.
    expect(await screen.findByText('reader-6@example.test')).toBeInTheDocument();
    expect(await bodyRows()).toHaveLength(5);
  });

  it("shows the server's message when a removal is refused", async () => {
    serve([subscriber(1, 'pending')], { status: 404, message: NEWSLETTER_MESSAGES.notFound });
    const { user } = renderWithProviders(<AllSubscribers />);
    await user.click(await screen.findByRole('button', { name: 'Remove reader-1@example.test' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText(NEWSLETTER_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.queryByText(NEWSLETTER_MESSAGES.removed)).not.toBeInTheDocument();
  });

  it('keeps its page and filter in the address: a link opens them, and each change is written there', async () => {
    const stored = [9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) =>
      subscriber(n, n % 3 ? 'confirmed' : 'pending'),
    );
    const requests = serve(stored);
    const { user } = renderWithProviders(
      <>
        <AllSubscribers />
        <Address />
      </>,
      { route: '/all-subscriber/?status=confirmed&page=2' },
    );

    // The shared link's list: confirmed ones, page 2 (the 6th of them is reader-1).
    expect((await bodyRows())[0]).toHaveTextContent(/^6reader-1@example\.test/);
    expect(requests[0]).toBe('GET /api/admin/subscribers?page=2&pageSize=5&status=confirmed');
    expect(screen.getByLabelText('Status')).toHaveValue('confirmed');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('reader-8@example.test')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveTextContent('/all-subscriber/?status=confirmed');

    // A new filter starts again at page 1; All takes it out of the address.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(await screen.findByText('reader-9@example.test')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveTextContent('/all-subscriber/?status=pending');
    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(await screen.findByText('reader-7@example.test')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveTextContent(/^\/all-subscriber\/$/);
  });
});
