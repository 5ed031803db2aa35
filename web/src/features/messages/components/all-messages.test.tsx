import { afterEach, describe, expect, it } from '@jest/globals';
import { type Message } from '@contracts/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeApi } from '../../../testing/fake-api';
import { createTestQueryClient } from '../../../testing/render';
import { AllMessages } from './all-messages';

const message = (n: number, name: string): Message => ({
  id: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  email: `${name.toLowerCase()}@example.test`,
  number: '+1 555 0100',
  subject: `Subject ${n}`,
  message: 'Hello',
  messageStatus: n % 2 ? 'UnRead' : 'Read',
  createdAt: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
});

/** 23 messages, newest first: Ada's are numbers 1 to 12, Bob's the rest. */
const STORED = Array.from({ length: 23 }, (_, i) => 23 - i).map((n) =>
  message(n, n <= 12 ? 'Ada' : 'Bob'),
);

/** GET /api/admin/messages as the server pages and filters it. */
function serve() {
  return fakeApi(({ url }) => {
    if (url.pathname !== '/api/admin/messages') return undefined;
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const q = url.searchParams.get('q')?.toLowerCase();
    const status = url.searchParams.get('status');
    const matching = STORED.filter(
      (m) => (!q || m.name.toLowerCase().includes(q)) && (!status || m.messageStatus === status),
    );
    const items = matching.slice((page - 1) * pageSize, page * pageSize);
    return [200, { items, total: matching.length, page, pageSize }];
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/all-messages/', element: <AllMessages /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const firstSubject = async () =>
  within(await screen.findByRole('table', { name: 'All Messages' })).getAllByRole('row')[1];

describe('/all-messages/', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('keeps its search, status and page in the address, and Back brings each one back', async () => {
    const calls = serve();
    const { router, user } = renderAt('/all-messages/?q=ada&page=2');

    // A shared link: Ada's messages, page 2 (10 a page).
    expect(await firstSubject()).toHaveTextContent(/Subject 2(?!\d)/);
    expect(calls[0]?.url.search).toBe('?page=2&pageSize=10&q=ada');
    expect(screen.getByRole('searchbox')).toHaveValue('ada');

    // A new search starts at page 1, in the address.
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'bob');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Subject 23')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=bob');

    await user.selectOptions(screen.getByLabelText('Status'), 'Read');
    expect(await firstSubject()).toHaveTextContent(/Subject 22(?!\d)/);
    expect(router.state.location.search).toBe('?status=Read&q=bob');

    // Back: the search without the status, then Ada's page 2, the search box following.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Subject 23')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('');
    await act(() => router.navigate(-1));
    expect(await firstSubject()).toHaveTextContent(/Subject 2(?!\d)/);
    expect(screen.getByRole('searchbox')).toHaveValue('ada');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});
