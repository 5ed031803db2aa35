import { describe, expect, it, jest } from '@jest/globals';
import { type Message } from '@contracts/messages';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { replyHref } from './message-format';
import { MessageView } from './message-view';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';

const message = (fields: Partial<Message> = {}): Message => ({
  id: ID,
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  number: '+44 20 7946 0958',
  subject: 'Audit & "rankings"?',
  message: '<script>alert(1)</script>\nSecond line',
  messageStatus: 'UnRead',
  createdAt: '2026-11-03T10:00:00.000Z',
  ...fields,
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Answers each request with `answer(call)` ([status, body]) and records the calls. */
function serve(answer: (call: Call) => [number, unknown]) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(url),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    };
    calls.push(call);
    const [status, body] = answer(call);
    return { ok: status < 400, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return calls;
}

describe('the message screen', () => {
  it('shows every field; the message as text with its line breaks, never as HTML', async () => {
    serve(() => [200, message()]);
    const { container } = renderWithProviders(<MessageView id={ID} />);

    const text = await screen.findByText(/alert\(1\)/);
    expect(text).toHaveClass('message-text');
    expect(text.textContent).toBe('<script>alert(1)</script>\nSecond line');
    expect(container.querySelector('script')).toBeNull();
    for (const value of ['Ada Lovelace', 'ada@example.test', '+44 20 7946 0958']) {
      expect(screen.getByText(value)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      'mailto:ada@example.test?subject=Re%3A%20Audit%20%26%20%22rankings%22%3F',
    );
  });

  it("'Mark Read' asks the server, then says 'Message is Read' and is gone", async () => {
    const calls = serve((call) =>
      call.method === 'PUT'
        ? [200, { message: message({ messageStatus: 'Read' }), notice: 'Message is Read' }]
        : [200, message()],
    );
    const { user } = renderWithProviders(<MessageView id={ID} />);

    await user.click(await screen.findByRole('button', { name: 'Mark Read' }));
    expect(await screen.findByText('Message is Read')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'PUT',
      url: `/api/admin/messages/${ID}`,
      body: { messageStatus: 'Read' },
    });
    expect(screen.queryByRole('button', { name: 'Mark Read' })).toBeNull();
    expect(screen.getByText('Read', { selector: 'dd' })).toBeInTheDocument();
  });

  it('shows the server’s message when marking fails, and still offers Mark Read', async () => {
    serve((call) =>
      call.method === 'PUT'
        ? [403, { statusCode: 403, error: 'Forbidden', message: 'Admins only.' }]
        : [200, message()],
    );
    const { user } = renderWithProviders(<MessageView id={ID} />);

    await user.click(await screen.findByRole('button', { name: 'Mark Read' }));
    expect(await screen.findByText('Admins only.')).toBeInTheDocument();
    expect(screen.queryByText('Message is Read')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark Read' })).toBeEnabled();
  });

  it('offers no Mark Read for a read message', async () => {
    serve(() => [200, message({ messageStatus: 'Read' })]);
    renderWithProviders(<MessageView id={ID} />);
    expect(await screen.findByRole('link', { name: 'Reply' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Read' })).toBeNull();
  });

  it('says there is no such message for an unknown id, and for a malformed one without asking', async () => {
    const calls = serve(() => [
      404,
      { statusCode: 404, error: 'Not Found', message: 'No such message.' },
    ]);
    renderWithProviders(<MessageView id={ID} />);
    expect(await screen.findByText(/No such message\./)).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    renderWithProviders(<MessageView id="not-an-id" />);
    expect(await screen.findAllByText(/No such message\./)).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });
});

describe('replyHref', () => {
  it('prefixes "Re: " once and encodes the subject so it cannot add fields', () => {
    expect(replyHref('a.b@example.test', 'Hi')).toBe('mailto:a.b@example.test?subject=Re%3A%20Hi');
    expect(replyHref('a@example.test', 'RE: Hi')).toBe('mailto:a@example.test?subject=RE%3A%20Hi');
    expect(replyHref('a@example.test', 'x&cc=evil@example.test#y')).toBe(
      'mailto:a@example.test?subject=Re%3A%20x%26cc%3Devil%40example.test%23y',
    );
  });
});
