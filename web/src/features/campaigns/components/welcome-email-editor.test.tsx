import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { WELCOME_TEXTS, type WelcomeEmail } from '@contracts/newsletter-welcome';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { WelcomeEmailScreen } from './welcome-email-editor';

const PATH = '/api/admin/newsletter/welcome';

const stored: WelcomeEmail = {
  enabled: true,
  subject: 'Welcome to the SEO Agency newsletter',
  body: 'Thank you for confirming.',
  updatedAt: null,
  updatedBy: null,
};

interface Answer {
  status: number;
  body: unknown;
}

/**
 * A fake API: GET the welcome e-mail, PUT it (stored unless `refuse.put`), POST its preview (the
 * subject and the body as HTML) and its test (`refuse.test` answers instead). Records each request.
 */
function serve(refuse: { put?: Answer; test?: Answer } = {}) {
  let welcome = { ...stored };
  const requests: { method: string; path: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path: url.pathname, body });
    const answer = ({ status, body: payload }: Answer) => ({
      ok: status < 400,
      status,
      text: async () => JSON.stringify(payload),
    });
    if (method === 'GET') return answer({ status: 200, body: welcome });
    if (method === 'PUT') {
      if (refuse.put) return answer(refuse.put);
      welcome = {
        ...(body as WelcomeEmail),
        updatedAt: '2026-12-12T10:00:00.000Z',
        updatedBy: 'admin@example.test',
      };
      return answer({ status: 200, body: welcome });
    }
    if (url.pathname.endsWith('/preview')) {
      const { subject, body: markdown } = body as { subject: string; body: string };
      return answer({
        status: 200,
        body: { subject, html: `<p>${markdown}</p>`, text: markdown },
      });
    }
    if (refuse.test) return answer(refuse.test);
    return answer({ status: 202, body: { message: WELCOME_TEXTS.testSent } });
  }) as unknown as typeof fetch;
  return requests;
}

const SWITCH = 'Send the welcome e-mail to each new subscriber';

describe('the welcome e-mail screen', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('shows the welcome e-mail as the server has it, with the preview of the real e-mail', async () => {
    const requests = serve();
    renderWithProviders(<WelcomeEmailScreen />);
    expect(await screen.findByLabelText(SWITCH)).toBeChecked();
    expect(screen.getByLabelText('Subject')).toHaveValue(stored.subject);
    expect(screen.getByLabelText('Body', { exact: false })).toHaveValue(stored.body);
    expect(await screen.findByText(stored.subject, { selector: 'p *, p' })).toBeInTheDocument();
    expect(screen.getByTitle('E-mail preview')).toHaveAttribute('srcdoc', `<p>${stored.body}</p>`);
    expect(requests).toContainEqual({
      method: 'POST',
      path: `${PATH}/preview`,
      body: { subject: stored.subject, body: stored.body },
    });
  });

  it('saves the switch and the text, and says so once the server accepted', async () => {
    const requests = serve();
    const { user } = renderWithProviders(<WelcomeEmailScreen />);
    await user.click(await screen.findByLabelText(SWITCH));
    await user.clear(screen.getByLabelText('Subject'));
    await user.type(screen.getByLabelText('Subject'), 'Hello and welcome');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WELCOME_TEXTS.saved)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toStrictEqual([
      {
        method: 'PUT',
        path: PATH,
        body: { enabled: false, subject: 'Hello and welcome', body: stored.body },
      },
    ]);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(screen.getByLabelText(SWITCH)).not.toBeChecked();
  });

  it("shows the server's refusal on its field and no success", async () => {
    serve({
      put: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Validation failed',
          fields: { subject: 'Subject is already taken by the server' },
        },
      },
    });
    const { user } = renderWithProviders(<WelcomeEmailScreen />);
    await user.type(await screen.findByLabelText('Subject'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Subject is already taken by the server')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription(
      /Subject is already taken by the server/,
    );
    expect(screen.queryByText(WELCOME_TEXTS.saved)).not.toBeInTheDocument();
  });

  it('sends a test of the text as written, unsaved, and reports what the server said', async () => {
    const requests = serve();
    const { user } = renderWithProviders(<WelcomeEmailScreen />);
    await user.type(await screen.findByLabelText('Body', { exact: false }), ' See you soon.');
    await user.click(screen.getByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByText(WELCOME_TEXTS.testSent)).toBeInTheDocument();
    expect(requests.filter((request) => request.path === `${PATH}/test`)).toStrictEqual([
      {
        method: 'POST',
        path: `${PATH}/test`,
        body: { subject: stored.subject, body: `${stored.body} See you soon.` },
      },
    ]);
    // Nothing was saved.
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("a refused test shows the server's message, and an empty body is not sent", async () => {
    const requests = serve({
      test: {
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: WELCOME_TEXTS.tooManyTests },
      },
    });
    const { user } = renderWithProviders(<WelcomeEmailScreen />);
    await user.click(await screen.findByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByText(WELCOME_TEXTS.tooManyTests)).toBeInTheDocument();
    expect(screen.queryByText(WELCOME_TEXTS.testSent)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Body', { exact: false }));
    const tests = requests.filter((request) => request.path === `${PATH}/test`).length;
    await user.click(screen.getByRole('button', { name: 'Send test to me' }));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    expect(await within(form).findByText('Body is Required')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === `${PATH}/test`)).toHaveLength(tests);
  });
});
