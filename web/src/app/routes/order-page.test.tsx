import { afterEach, describe, expect, it } from '@jest/globals';
import type { InvoiceSummary } from '@contracts/invoices';
import type { OrderActivity } from '@contracts/workspace';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { type ApiCall, errorBody, fakeApi } from '../../testing/fake-api';
import { anAccount, anOrder } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { OrderPageRoute } from './order-page';

const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const customer = anAccount({ email: 'ada@example.test', isAdmin: false });
const admin = anAccount();

const paidOrder = anOrder({
  paymentStatus: 'Paid',
  paidVia: 'paypal',
  paidAt: '2026-11-03T10:05:00.000Z',
  stage: 'awaiting_details',
});

const invoice: InvoiceSummary = {
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  number: 'INV-2026-000007',
  kind: 'invoice',
  reverses: null,
  currency: 'USD',
  amount: '499.00',
  issuedAt: '2026-11-03T10:05:00.000Z',
  pdfUrl: '/api/invoices/eeeeeeee-0000-4000-8000-000000000001.pdf',
};

const entry = (fields: Partial<OrderActivity> & Pick<OrderActivity, 'kind'>): OrderActivity => ({
  id: 'ffffffff-0000-4000-8000-000000000000',
  at: '2026-11-03T10:00:00.000Z',
  actor: 'customer',
  actorEmail: null,
  text: 'Something happened',
  internal: false,
  ...fields,
});

const placed = entry({
  id: 'ffffffff-0000-4000-8000-000000000001',
  kind: 'placed',
  text: 'Ordered the Premium package ($499.00)',
});
const paid = entry({
  id: 'ffffffff-0000-4000-8000-000000000002',
  kind: 'paid',
  at: '2026-11-03T10:05:00.000Z',
  text: 'Paid $499.00 through PayPal',
});
const note = entry({
  id: 'ffffffff-0000-4000-8000-000000000003',
  kind: 'internal_note',
  at: '2026-11-03T11:30:00.000Z',
  actor: 'admin',
  actorEmail: 'boss@agency.test',
  text: 'Call them before starting',
  internal: true,
});

/** The workspace's blocks (intake, deliverables, thread), empty: their own tests are theirs. */
function emptyWorkspace(path: string): [number, unknown] | undefined {
  const block = /^\/api(?:\/admin)?\/orders\/[^/]+\/(intake|deliveries|messages)(?:\/read)?$/.exec(
    path,
  )?.[1];
  if (block === 'intake') {
    return [200, { orderId: ORDER_ID, form: null, submission: null, history: [] }];
  }
  if (block === 'deliveries') return [200, []];
  if (block === 'messages') return [200, { orderId: ORDER_ID, messages: [], unread: 0 }];
  return undefined;
}

/** The API as each viewer reaches it: the customer's routes, or the admins'. */
function serve(account: typeof customer, answers: Record<string, [number, unknown]>): ApiCall[] {
  return fakeApi(({ url }: ApiCall) => {
    if (url.pathname === '/api/auth/session') return [200, { account, googleSignIn: false }];
    return answers[url.pathname] ?? emptyWorkspace(url.pathname);
  });
}

const view = () =>
  renderWithProviders(
    <Routes>
      <Route path="/orders/:id" element={<OrderPageRoute />} />
    </Routes>,
    { route: `/orders/${ORDER_ID}` },
  );

describe('the order page', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('shows its customer the package, payment, stage, due date, invoices and the timeline in their words', async () => {
    const calls = serve(customer, {
      [`/api/orders/${ORDER_ID}`]: [200, paidOrder],
      [`/api/orders/${ORDER_ID}/invoices`]: [200, [invoice]],
      [`/api/orders/${ORDER_ID}/timeline`]: [200, [placed, paid]],
    });
    view();

    expect(await screen.findByRole('heading', { name: 'Premium package' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Order details' });
    expect(within(details).getByText('$499.00')).toBeInTheDocument();
    expect(within(details).getByText('You Have Paid')).toBeInTheDocument();
    expect(within(details).getByText('Paid on 11/03/2026')).toBeInTheDocument();
    expect(within(details).getByText('Waiting for your details')).toBeInTheDocument();
    expect(within(details).getByText('Set when you send your details')).toBeInTheDocument();

    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(
      await within(invoices).findByRole('link', { name: 'Invoice INV-2026-000007 (PDF)' }),
    ).toHaveAttribute('href', invoice.pdfUrl);

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const items = await within(timeline).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toStrictEqual([
      '+Order placedOrdered the Premium package ($499.00)You · 11/03/2026, 10:00 UTC',
      '$PaidPaid $499.00 through PayPalYou · 11/03/2026, 10:05 UTC',
    ]);
    expect(calls.some(({ url }) => url.pathname.startsWith('/api/admin/'))).toBe(false);
  });

  it('shows admins the same order through their routes, internal entries marked apart with the admin’s e-mail', async () => {
    const inProgress = {
      ...paidOrder,
      stage: 'in_progress' as const,
      intakeSubmittedAt: '2026-11-04T09:00:00.000Z',
      dueAt: '2026-11-01T09:00:00.000Z',
      companyName: 'Analytical Engines Ltd',
    };
    const calls = serve(admin, {
      [`/api/admin/orders/${ORDER_ID}`]: [200, inProgress],
      [`/api/orders/${ORDER_ID}/invoices`]: [200, []],
      [`/api/admin/orders/${ORDER_ID}/timeline`]: [
        200,
        [placed, { ...paid, actor: 'admin', actorEmail: 'boss@agency.test' }, note],
      ],
    });
    view();

    const details = await screen.findByRole('region', { name: 'Order details' });
    expect(within(details).getByText('In progress')).toBeInTheDocument();
    expect(within(details).getByText('11/01/2026')).toBeInTheDocument();
    expect(within(details).getByText('Overdue')).toBeInTheDocument();
    expect(within(details).getByText(/Analytical Engines Ltd/)).toBeInTheDocument();
    expect(
      within(details).getByRole('link', { name: 'Update the order (payment, delivery status)' }),
    ).toHaveAttribute('href', `/admin/payment-status/${ORDER_ID}`);
    expect(
      await screen.findByText('No invoice yet: one is issued when the order is paid.'),
    ).toBeInTheDocument();

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const items = await within(timeline).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('The customer · 11/03/2026, 10:00 UTC');
    expect(items[1]).toHaveTextContent('boss@agency.test · 11/03/2026, 10:05 UTC');
    expect(items[2]).toHaveClass('order-timeline__item--internal');
    expect(items[2]).toHaveTextContent('Internal note');
    expect(items[2]).toHaveTextContent('Internal: admins only');
    expect(items[2]).toHaveTextContent('Call them before starting');
    expect(items[1]).not.toHaveClass('order-timeline__item--internal');
    expect(calls.some(({ url }) => url.pathname === `/api/orders/${ORDER_ID}`)).toBe(false);
  });

  it('is the not-found page for an order that is not the customer’s (or does not exist)', async () => {
    serve(customer, {
      [`/api/orders/${ORDER_ID}`]: [404, errorBody(404, 'No such order.')],
    });
    view();

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Timeline' })).toBeNull();
  });

  it('says when the timeline could not be loaded, with Try again, and shows the order all the same', async () => {
    serve(customer, {
      [`/api/orders/${ORDER_ID}`]: [200, paidOrder],
      [`/api/orders/${ORDER_ID}/invoices`]: [200, []],
      [`/api/orders/${ORDER_ID}/timeline`]: [503, errorBody(503, 'The database is busy.')],
    });
    view();

    expect(await screen.findByText('The timeline could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The database is busy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for your details')).toBeInTheDocument();
  });

  it('shows support any order through the admins’ routes, as an editor’s own orders only', async () => {
    const support = anAccount({ email: 'help@agency.test', role: 'support' });
    const calls = serve(support, {
      [`/api/admin/orders/${ORDER_ID}`]: [200, paidOrder],
      [`/api/orders/${ORDER_ID}/invoices`]: [200, []],
      [`/api/admin/orders/${ORDER_ID}/timeline`]: [200, [placed]],
    });
    view();
    expect(await screen.findByRole('heading', { name: 'Premium package' })).toBeInTheDocument();
    expect(calls.some(({ url }) => url.pathname === `/api/admin/orders/${ORDER_ID}`)).toBe(true);
    expect(calls.some(({ url }) => url.pathname === `/api/orders/${ORDER_ID}`)).toBe(false);
  });

  it('shows an editor an order through the customer’s routes (an editor reads no one else’s)', async () => {
    const editor = anAccount({ email: 'ed@agency.test', role: 'editor' });
    const calls = serve(editor, {
      [`/api/orders/${ORDER_ID}`]: [404, errorBody(404, 'No such order.')],
    });
    view();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(calls.some(({ url }) => url.pathname.startsWith('/api/admin/'))).toBe(false);
  });
});
