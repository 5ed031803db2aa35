import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DELIVERY_TEXTS, type Delivery } from '@contracts/deliverables';
import type { Order } from '@contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { type ApiCall, errorBody, fakeApi } from '../../../testing/fake-api';
import { anOrder } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { Deliverables } from './deliverables';

const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const realFetch = globalThis.fetch;
const RealXhr = globalThis.XMLHttpRequest;

const paidOrder = (changes: Partial<Order> = {}): Order =>
  anOrder({
    paymentStatus: 'Paid',
    paidAt: '2026-11-03T10:05:00.000Z',
    paidVia: 'paypal',
    stage: 'delivered',
    ...changes,
  });

const file = (id: string, filename: string) => ({
  id,
  filename,
  contentType: 'application/pdf',
  size: 70_000,
  downloadUrl: `/api/files/${id}`,
});

const round = (fields: Partial<Delivery>): Delivery => ({
  id: 'dddddddd-0000-4000-8000-000000000001',
  orderId: ORDER_ID,
  round: 1,
  note: null,
  files: [],
  deliveredAt: '2026-11-10T09:00:00.000Z',
  deliveredBy: null,
  response: null,
  responseMessage: null,
  respondedAt: null,
  approvedBy: null,
  ...fields,
});

/** Round 2 waits for an answer; round 1 had changes asked. */
const ROUNDS: Delivery[] = [
  round({
    id: 'dddddddd-0000-4000-8000-000000000002',
    round: 2,
    note: 'Updated audit.\nCompetitors on page 4.',
    files: [file('ffffffff-0000-4000-8000-000000000002', 'audit-v2.pdf')],
    deliveredAt: '2026-11-12T09:00:00.000Z',
  }),
  round({
    round: 1,
    note: '<b>First</b> audit',
    files: [file('ffffffff-0000-4000-8000-000000000001', 'audit.pdf')],
    response: 'changes_requested',
    responseMessage: 'Please add the competitors.',
    respondedAt: '2026-11-11T09:00:00.000Z',
  }),
];

afterEach(() => {
  globalThis.fetch = realFetch;
  globalThis.XMLHttpRequest = RealXhr;
});

describe('the customer’s deliverables', () => {
  let calls: ApiCall[];
  let approveAnswer: [number, unknown];
  let changesAnswer: [number, unknown];

  beforeEach(() => {
    approveAnswer = [200, paidOrder({ orderStatus: 'Delivered', stage: 'completed' })];
    changesAnswer = [200, paidOrder({ stage: 'changes_requested' })];
    calls = fakeApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === `/api/orders/${ORDER_ID}/deliveries`)
        return [200, ROUNDS];
      if (method === 'POST' && url.pathname === `/api/orders/${ORDER_ID}/deliveries/approve`)
        return approveAnswer;
      if (
        method === 'POST' &&
        url.pathname === `/api/orders/${ORDER_ID}/deliveries/request-changes`
      )
        return changesAnswer;
      return undefined;
    });
  });

  const deliveryReads = () =>
    calls.filter((call) => call.method === 'GET' && call.url.pathname.endsWith('/deliveries'))
      .length;

  it('shows the rounds newest first, their notes as text, their files and the answers', async () => {
    renderWithProviders(<Deliverables order={paidOrder()} viewer="customer" />);
    const rounds = await screen.findAllByRole('article');
    expect(rounds.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Delivery 2 · 11/12/2026',
      'Delivery 1 · 11/10/2026',
    ]);
    const [latest, first] = rounds as [HTMLElement, HTMLElement];
    expect(within(latest).getByRole('link', { name: 'audit-v2.pdf' })).toHaveAttribute(
      'href',
      '/api/files/ffffffff-0000-4000-8000-000000000002',
    );
    expect(within(latest).getByText(/Updated audit\./)).toHaveTextContent(
      'Updated audit. Competitors on page 4.',
    );
    expect(within(latest).getByText(DELIVERY_TEXTS.waiting)).toBeInTheDocument();
    // The note is text: its markup shown, never rendered.
    expect(within(first).getByText('<b>First</b> audit')).toBeInTheDocument();
    expect(within(first).getByText(DELIVERY_TEXTS.changesRequested)).toBeInTheDocument();
    expect(within(first).getByText('Please add the competitors.')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'audit.pdf' })).toHaveAttribute(
      'href',
      '/api/files/ffffffff-0000-4000-8000-000000000001',
    );
    // Customers do not deliver.
    expect(screen.queryByRole('button', { name: DELIVERY_TEXTS.deliver })).toBeNull();
  });

  it('approves after confirming, says so once the server accepted, and reads the order again', async () => {
    const { user } = renderWithProviders(<Deliverables order={paidOrder()} viewer="customer" />);
    await screen.findAllByRole('article');
    const readsBefore = deliveryReads();
    await user.click(screen.getByRole('button', { name: DELIVERY_TEXTS.approve }));
    const dialog = await screen.findByRole('alertdialog', { name: DELIVERY_TEXTS.approveTitle });
    await user.click(within(dialog).getByRole('button', { name: DELIVERY_TEXTS.approve }));
    expect(await screen.findByText(DELIVERY_TEXTS.approvedToast)).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.endsWith('/approve'))).toHaveLength(1);
    await waitFor(() => expect(deliveryReads()).toBeGreaterThan(readsBefore));
  });

  it('shows the server’s reason when the approval is refused', async () => {
    approveAnswer = [409, errorBody(409, 'This order is delivered and approved already.')];
    const { user } = renderWithProviders(<Deliverables order={paidOrder()} viewer="customer" />);
    await user.click(await screen.findByRole('button', { name: DELIVERY_TEXTS.approve }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: DELIVERY_TEXTS.approve,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order is delivered and approved already.',
    );
    expect(screen.queryByText(DELIVERY_TEXTS.approvedToast)).toBeNull();
  });

  it('asks for changes only with a message, and sends it', async () => {
    const { user } = renderWithProviders(<Deliverables order={paidOrder()} viewer="customer" />);
    await user.click(await screen.findByRole('button', { name: DELIVERY_TEXTS.askForChanges }));
    await user.click(screen.getByRole('button', { name: DELIVERY_TEXTS.sendChanges }));
    expect(await screen.findByText(DELIVERY_TEXTS.messageRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.endsWith('/request-changes'))).toBe(false);

    await user.type(
      screen.getByRole('textbox', { name: DELIVERY_TEXTS.changesLabel }),
      'Add the competitors',
    );
    await user.click(screen.getByRole('button', { name: DELIVERY_TEXTS.sendChanges }));
    expect(await screen.findByText(DELIVERY_TEXTS.changesSentToast)).toBeInTheDocument();
    expect(
      calls.find((call) => call.url.pathname.endsWith('/request-changes'))?.body,
    ).toStrictEqual({ message: 'Add the competitors' });
  });

  it('names the server’s refusal of the message on the field', async () => {
    changesAnswer = [
      400,
      {
        ...errorBody(400, 'message: Message must be at most 2000 characters'),
        fields: {
          message: 'Message must be at most 2000 characters',
        },
      },
    ];
    const { user } = renderWithProviders(<Deliverables order={paidOrder()} viewer="customer" />);
    await user.click(await screen.findByRole('button', { name: DELIVERY_TEXTS.askForChanges }));
    await user.type(screen.getByRole('textbox', { name: DELIVERY_TEXTS.changesLabel }), 'x');
    await user.click(screen.getByRole('button', { name: DELIVERY_TEXTS.sendChanges }));
    expect(await screen.findByText('Message must be at most 2000 characters')).toBeInTheDocument();
    expect(screen.queryByText(DELIVERY_TEXTS.changesSentToast)).toBeNull();
  });

  it('offers no answer unless the stage is delivered', async () => {
    renderWithProviders(
      <Deliverables order={paidOrder({ stage: 'changes_requested' })} viewer="customer" />,
    );
    await screen.findAllByRole('article');
    expect(screen.queryByRole('button', { name: DELIVERY_TEXTS.approve })).toBeNull();
    expect(screen.queryByRole('button', { name: DELIVERY_TEXTS.askForChanges })).toBeNull();
  });
});

/** A stand-in for XMLHttpRequest: the upload reports half, then the server's answer. */
function fakeUploads(answer: (name: string) => [number, unknown]) {
  const sent: { url: string; name: string }[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const name = (form.get('file') as File).name;
      sent.push({ url: this.url, name });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        const [status, body] = answer(name);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return sent;
}

describe('the admins’ deliverables', () => {
  it('uploads the chosen files as deliverables, then delivers them with the note', async () => {
    let delivered: [number, unknown] = [201, round({ round: 3 })];
    const calls = fakeApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === `/api/admin/orders/${ORDER_ID}/deliveries`)
        return [200, []];
      if (method === 'POST' && url.pathname === `/api/admin/orders/${ORDER_ID}/deliveries`)
        return delivered;
      return undefined;
    });
    const uploads = fakeUploads((name) =>
      name === 'notes.exe'
        ? [415, errorBody(415, 'Files can be PDF, CSV, text, PNG, JPEG.')]
        : [201, { id: `ffffffff-0000-4000-8000-00000000000${name.length}`, filename: name }],
    );
    const { user } = renderWithProviders(
      <Deliverables order={paidOrder({ stage: 'in_progress' })} viewer="admin" />,
    );
    expect(await screen.findByText(DELIVERY_TEXTS.nothingYet)).toBeInTheDocument();

    // Nothing chosen: nothing sent.
    await user.click(screen.getByRole('button', { name: DELIVERY_TEXTS.deliver }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DELIVERY_TEXTS.noFiles);

    await user.type(screen.getByRole('textbox', { name: DELIVERY_TEXTS.noteLabel }), 'Your audit');
    await user.upload(screen.getByLabelText(DELIVERY_TEXTS.filesLabel), [
      new File(['%PDF-1.4'], 'audit.pdf', { type: 'application/pdf' }),
      new File(['MZ'], 'notes.exe'),
    ]);
    const chosen = screen.getByRole('list', { name: 'Chosen files' });
    await within(chosen).findByText(DELIVERY_TEXTS.uploaded);
    expect(
      await within(chosen).findByText('Files can be PDF, CSV, text, PNG, JPEG.'),
    ).toBeInTheDocument();
    expect(uploads.map((upload) => upload.url)).toEqual([
      `/api/orders/${ORDER_ID}/files?kind=deliverable`,
      `/api/orders/${ORDER_ID}/files?kind=deliverable`,
    ]);

    // The server refuses first (its message shown), then accepts.
    delivered = [409, errorBody(409, 'The customer has not sent the order’s details yet.')];
    await user.click(screen.getByRole('button', { name: DELIVERY_TEXTS.deliver }));
    expect(
      await screen.findByText('The customer has not sent the order’s details yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(DELIVERY_TEXTS.deliveredToast)).toBeNull();

    delivered = [201, round({ round: 3 })];
    await user.click(screen.getByRole('button', { name: DELIVERY_TEXTS.deliver }));
    expect(await screen.findByText(DELIVERY_TEXTS.deliveredToast)).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.at(-1)?.body).toStrictEqual({
      note: 'Your audit',
      fileIds: ['ffffffff-0000-4000-8000-000000000009'],
    });
    // The form is cleared for the next round.
    expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull();
  });

  it('does not offer to deliver while the order waits for the customer’s details', async () => {
    fakeApi(({ url }) =>
      url.pathname === `/api/admin/orders/${ORDER_ID}/deliveries` ? [200, []] : undefined,
    );
    renderWithProviders(
      <Deliverables order={paidOrder({ stage: 'awaiting_details' })} viewer="admin" />,
    );
    expect(await screen.findByText(DELIVERY_TEXTS.awaitingDetails)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DELIVERY_TEXTS.deliver })).toBeNull();
  });
});
