import { afterEach, describe, expect, it } from '@jest/globals';
import { type AuditEntry } from '@contracts/audit';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { AuditLog } from './audit-log';

const entry = (n: number, fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  kind: 'message.read',
  actorId: 'bbbbbbbb-0000-4000-8000-000000000001',
  actorEmail: `admin-${n}@agency.test`,
  targetType: 'message',
  targetId: `cccccccc-0000-4000-8000-${String(n).padStart(12, '0')}`,
  summary: `Message ${n} marked read`,
  before: { messageStatus: 'UnRead' },
  after: { messageStatus: 'Read' },
  ip: `203.0.113.${n}`,
  ...fields,
});

const page = (items: AuditEntry[], total = items.length) => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

/** Shows where the router is, so a test can read the filters kept in the address. */
function Address() {
  const location = useLocation();
  return <output aria-label="Address">{location.pathname + location.search}</output>;
}

function renderLog(route = '/admin/audit') {
  return renderWithProviders(
    <>
      <AuditLog />
      <Address />
    </>,
    { route },
  );
}

const auditRequests = (calls: { url: URL }[]) =>
  calls.filter((call) => call.url.pathname === '/api/admin/audit').map((call) => call.url.search);

describe('the audit log', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('lists the entries: when, who, what (the kind and the summary), the target and the IP', async () => {
    fakeApi(() => [
      200,
      page([entry(2, { kind: 'order.changed', summary: 'Order of Ada: Delivered' }), entry(1)]),
    ]);
    renderLog();

    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('admin-2@agency.test');
    expect(rows[0]).toHaveTextContent('Order updated');
    expect(rows[0]).toHaveTextContent('Order of Ada: Delivered');
    expect(rows[0]).toHaveTextContent('cccccccc-0000-4000-8000-000000000002');
    expect(rows[0]).toHaveTextContent('203.0.113.2');
    expect(
      within(rows[0]!)
        .getByText(/Nov 2, 2026/)
        .closest('time'),
    ).toHaveAttribute('dateTime', '2026-11-02T10:00:00.000Z');
    expect(rows[1]).toHaveTextContent('Message marked read');
  });

  it('asks for the filters in the address, and Filter puts new ones there and asks again from page 1', async () => {
    const calls = fakeApi(() => [200, page([entry(1)], 45)]);
    const { user } = renderLog('/admin/audit?kind=message.read&page=2');

    await screen.findByRole('table', { name: 'Audit log' });
    expect(auditRequests(calls)).toEqual(['?page=2&pageSize=20&kind=message.read']);
    expect(screen.getByLabelText('What')).toHaveValue('message.read');

    await user.type(screen.getByLabelText('Who (e-mail)'), 'Grace@');
    await user.selectOptions(screen.getByLabelText('What'), 'Content edited');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    expect(await screen.findByRole('status', { name: 'Address' })).toHaveTextContent(
      '/admin/audit?actor=Grace%40&kind=content.updated&from=2026-11-01&to=2026-11-30',
    );
    expect(auditRequests(calls).at(-1)).toBe(
      '?page=1&pageSize=20&actor=Grace%40&kind=content.updated&from=2026-11-01&to=2026-11-30',
    );

    // Pages keep the filters.
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(auditRequests(calls).at(-1)).toBe(
      '?page=3&pageSize=20&actor=Grace%40&kind=content.updated&from=2026-11-01&to=2026-11-30',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/admin\/audit$/);
    expect(auditRequests(calls).at(-1)).toBe('?page=1&pageSize=20');
    expect(screen.getByLabelText('Who (e-mail)')).toHaveValue('');
  });

  it('opens an entry onto its changes: the changed, added and removed fields marked, before and after', async () => {
    fakeApi(() => [
      200,
      page([
        entry(1, {
          kind: 'content.updated',
          before: { heading: 'Rank higher', text: 'Same text', tags: ['seo'], oldField: 'x' },
          after: {
            heading: 'Rank higher with us',
            text: 'Same text',
            tags: ['seo', 'ads'],
            cta: '',
          },
        }),
      ]),
    ]);
    const { user } = renderLog();

    const toggle = await screen.findByRole('button', { name: /^Changes: Content edited/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const fields = screen.getAllByRole('term').map((term) => term.parentElement!);
    const field = (name: string) =>
      fields.find((f) => f.querySelector('dt')?.firstChild?.textContent === name)!;

    expect(field('heading')).toHaveAttribute('data-change', 'changed');
    expect(within(field('heading')).getByText('Changed')).toBeInTheDocument();
    expect(within(field('heading')).getByText('Rank higher').closest('del')).not.toBeNull();
    expect(within(field('heading')).getByText('Rank higher with us').closest('ins')).not.toBeNull();
    // JSON values indented, one item a line.
    expect(within(field('tags')).getByText(/"ads"/).textContent).toBe('[\n  "seo",\n  "ads"\n]');
    expect(field('oldField')).toHaveAttribute('data-change', 'removed');
    expect(field('cta')).toHaveAttribute('data-change', 'added');
    expect(within(field('cta')).getByText('(empty)')).toBeInTheDocument();
    expect(field('text')).toHaveAttribute('data-change', 'unchanged');
    expect(within(field('text')).queryByText('Changed')).toBeNull();
    expect(screen.getByText('4 fields changed, 1 unchanged.')).toBeInTheDocument();
    // The changed fields come first.
    expect(fields.map((f) => f.dataset.change)).toEqual([
      'changed',
      'changed',
      'removed',
      'added',
      'unchanged',
    ]);

    await user.click(toggle);
    expect(screen.queryByText('4 fields changed, 1 unchanged.')).toBeNull();
  });

  it('says when nothing matches the filters, and when nothing was recorded yet', async () => {
    fakeApi(() => [200, page([])]);
    const filtered = renderLog('/admin/audit?actor=nobody');
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
    filtered.unmount();

    renderLog();
    expect(await screen.findByText('No admin action has been recorded yet.')).toBeInTheDocument();
  });

  it("shows the server's message when the log cannot be read, and Try again asks again", async () => {
    let fail = true;
    const calls = fakeApi(() =>
      fail ? [400, errorBody(400, 'to must not be before from')] : [200, page([entry(1)])],
    );
    const { user } = renderLog('/admin/audit?from=2026-11-30&to=2026-11-01');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The audit log could not be loaded.');
    expect(alert).toHaveTextContent('to must not be before from');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeInTheDocument();
    expect(auditRequests(calls)).toHaveLength(2);
  });
});
