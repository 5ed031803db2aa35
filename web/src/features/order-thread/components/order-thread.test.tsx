import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { OrderMessage, OrderThread as Thread } from '@contracts/order-thread';
import { act, screen, waitFor } from '@testing-library/react';
import { type ApiCall, errorBody, fakeApi } from '../../../testing/fake-api';
import { anOrder } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { OrderThread } from './order-thread';

const order = anOrder({ paymentStatus: 'Paid', stage: 'in_progress' });
const ORDER_ID = order._id;

const aMessage = (fields: Partial<OrderMessage>): OrderMessage => ({
  id: crypto.randomUUID(),
  orderId: ORDER_ID,
  author: 'customer',
  authorEmail: 'ada@example.test',
  body: 'Hello',
  internal: false,
  attachments: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  ...fields,
});

const customerMessage = aMessage({
  body: 'Here is my <b>site</b>\nand my keywords',
  attachments: [
    {
      id: 'ffffffff-0000-4000-8000-000000000001',
      filename: 'brief.pdf',
      contentType: 'application/pdf',
      size: 2048,
    },
  ],
});
const agencyMessage = aMessage({
  author: 'admin',
  authorEmail: null,
  body: 'Thanks, we start today.',
  createdAt: '2026-11-20T11:00:00.000Z',
});

/** The server's thread and its other routes; `post` answers a new message. */
function serve(
  viewer: 'customer' | 'admin',
  thread: Thread,
  post: (call: ApiCall) => [number, unknown] | Promise<[number, unknown]> = (call) => [
    201,
    aMessage({ ...(call.body as object), author: viewer }),
  ],
) {
  const base = viewer === 'admin' ? '/api/admin/orders' : '/api/orders';
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (call.method === 'GET' && path === `${base}/${ORDER_ID}/messages`) return [200, thread];
    if (call.method === 'POST' && path === `${base}/${ORDER_ID}/messages/read`) {
      return [200, { orderId: ORDER_ID, unread: 0 }];
    }
    if (call.method === 'POST' && path === `${base}/${ORDER_ID}/messages`) return post(call);
    if (path.endsWith('/unread')) return [200, { total: 0, orders: [] }];
    return undefined;
  });
}

/** jsdom's XMLHttpRequest would really send: this one lets the test play the upload route. */
class FakeUpload {
  static instances: FakeUpload[] = [];
  url = '';
  method = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeUpload.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  answer(status: number, body: unknown) {
    act(() => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}

const realFetch = globalThis.fetch;
const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeUpload.instances = [];
  globalThis.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  globalThis.XMLHttpRequest = realXhr;
});

describe('the order thread, for the customer', () => {
  it('shows the messages oldest first, as plain text with line breaks, with download links', async () => {
    serve('customer', { orderId: ORDER_ID, messages: [customerMessage, agencyMessage], unread: 0 });
    renderWithProviders(<OrderThread order={order} viewer="customer" />);

    const list = await screen.findByRole('list', { name: '' });
    const items = Array.from(list.children);
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('You');
    expect(items[1]).toHaveTextContent('The agency');
    // The customer's words are text: the markup shows as typed, nothing is rendered from it.
    const body = screen.getByText(/Here is my <b>site<\/b>/);
    expect(body.querySelector('b')).toBeNull();
    expect(body.textContent).toBe('Here is my <b>site</b>\nand my keywords');
    expect(screen.getByRole('link', { name: 'brief.pdf' })).toHaveAttribute(
      'href',
      '/api/files/ffffffff-0000-4000-8000-000000000001',
    );
    // A customer writes messages, never notes.
    expect(screen.queryByRole('checkbox', { name: /Internal note/ })).toBeNull();
  });

  it('marks the thread read when it shows unread messages', async () => {
    const calls = serve('customer', {
      orderId: ORDER_ID,
      messages: [customerMessage, agencyMessage],
      unread: 1,
    });
    renderWithProviders(<OrderThread order={order} viewer="customer" />);
    await waitFor(() =>
      expect(
        calls.filter(
          (call) =>
            call.method === 'POST' && call.url.pathname === `/api/orders/${ORDER_ID}/messages/read`,
        ),
      ).toHaveLength(1),
    );
  });

  it('says a message needs text or a file, and sends nothing', async () => {
    const calls = serve('customer', { orderId: ORDER_ID, messages: [], unread: 0 });
    const { user } = renderWithProviders(<OrderThread order={order} viewer="customer" />);
    expect(await screen.findByText(/No messages yet/)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message or attach a file')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('confirms only once the server accepted the message, and shows the server’s refusal', async () => {
    let refuse = true;
    const calls = serve('customer', { orderId: ORDER_ID, messages: [], unread: 0 }, (call) =>
      refuse
        ? [
            400,
            {
              ...errorBody(400, 'body: Message contains characters that are not allowed'),
              fields: { body: 'Message contains characters that are not allowed' },
            },
          ]
        : [201, aMessage({ body: (call.body as { body: string }).body })],
    );
    const { user } = renderWithProviders(<OrderThread order={order} viewer="customer" />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'When do you start?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Message contains characters that are not allowed'),
    ).toBeVisible();
    expect(screen.queryByText('Message sent')).toBeNull();
    expect(box).toHaveValue('When do you start?');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeVisible();
    expect(box).toHaveValue('');
    const posts = calls.filter(
      (call) => call.method === 'POST' && call.url.pathname.endsWith('/messages'),
    );
    expect(posts.at(-1)?.body).toStrictEqual({ body: 'When do you start?', attachments: [] });
  });

  it('keeps what was typed while the message was on its way', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serve('customer', { orderId: ORDER_ID, messages: [], unread: 0 }, async (call) => {
      await answered;
      return [201, aMessage({ body: (call.body as { body: string }).body })] as [number, unknown];
    });
    const { user } = renderWithProviders(<OrderThread order={order} viewer="customer" />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'First point.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(box, ' And a second one.');
    act(() => answer());
    expect(await screen.findByText('Message sent')).toBeVisible();
    expect(box).toHaveValue('First point. And a second one.');
  });

  it('uploads chosen files for the order with their progress, and sends their ids', async () => {
    const calls = serve('customer', { orderId: ORDER_ID, messages: [], unread: 0 });
    const { user } = renderWithProviders(<OrderThread order={order} viewer="customer" />);
    const input = await screen.findByLabelText('Attach files');
    await user.upload(input, [
      new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }),
      new File(['x'], 'huge.zip', { type: 'application/zip' }),
    ]);
    const [brief, huge] = FakeUpload.instances;
    expect(brief!.url).toBe(`/api/orders/${ORDER_ID}/files?kind=order-attachment`);
    expect(brief!.method).toBe('POST');
    expect((brief!.body!.get('file') as File).name).toBe('brief.pdf');

    brief!.progress(50, 100);
    expect(screen.getByLabelText('Uploading brief.pdf')).toHaveAttribute('value', '0.5');
    // Sending waits for the uploads.
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    brief!.answer(201, { id: 'ffffffff-0000-4000-8000-000000000009', filename: 'brief.pdf' });
    huge!.answer(413, errorBody(413, 'The file is too large: files can be at most 25 MiB.'));
    expect(await screen.findByText('Uploaded')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The file is too large: files can be at most 25 MiB.',
    );

    await user.click(screen.getByRole('button', { name: 'Remove huge.zip' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeVisible();
    const post = calls.find(
      (call) => call.method === 'POST' && call.url.pathname.endsWith('/messages'),
    );
    expect(post?.body).toStrictEqual({
      body: '',
      attachments: ['ffffffff-0000-4000-8000-000000000009'],
    });
  });
});

describe('the order thread, for admins', () => {
  const note = aMessage({
    author: 'admin',
    authorEmail: 'boss@agency.test',
    body: 'Customer in a hurry',
    internal: true,
    createdAt: '2026-11-20T12:00:00.000Z',
  });

  it('shows internal notes apart, and who wrote what', async () => {
    serve('admin', {
      orderId: ORDER_ID,
      messages: [customerMessage, { ...agencyMessage, authorEmail: 'boss@agency.test' }, note],
      unread: 0,
    });
    renderWithProviders(<OrderThread order={order} viewer="admin" />);
    const noteItem = await screen.findByRole('listitem', { name: 'Internal note' });
    expect(noteItem).toHaveClass('order-thread__message--internal');
    expect(noteItem).toHaveTextContent('Customer in a hurry');
    expect(screen.getByText('Ada Lovelace')).toBeVisible();
    expect(screen.getAllByText('boss@agency.test')).toHaveLength(2);
  });

  it('writes an internal note with the toggle', async () => {
    const calls = serve('admin', { orderId: ORDER_ID, messages: [], unread: 0 });
    const { user } = renderWithProviders(<OrderThread order={order} viewer="admin" />);
    await user.click(await screen.findByRole('checkbox', { name: /Internal note/ }));
    await user.type(
      screen.getByRole('textbox', { name: 'Internal note (admins only)' }),
      'Call them Monday',
    );
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Internal note saved')).toBeVisible();
    const post = calls.find(
      (call) =>
        call.method === 'POST' && call.url.pathname === `/api/admin/orders/${ORDER_ID}/messages`,
    );
    expect(post?.body).toStrictEqual({
      body: 'Call them Monday',
      attachments: [],
      internal: true,
    });
  });
});
