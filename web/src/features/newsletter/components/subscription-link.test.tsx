import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { NEWSLETTER_MESSAGES } from '@contracts/newsletter';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { SubscriptionLink } from './subscription-link';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

/** Answers every request with `body` (status 200 unless told), and records the requests. */
function serve(body: unknown, status = 200) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(url),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return { ok: status < 400, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return requests;
}

describe('the unsubscribe link', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('changes nothing when opened; the Unsubscribe button posts the token and shows the answer', async () => {
    const requests = serve({ message: NEWSLETTER_MESSAGES.unsubscribed });
    const { user } = renderWithProviders(<SubscriptionLink action="unsubscribe" token={TOKEN} />);

    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    // Mail scanners open links: opening it must not unsubscribe.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);

    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.unsubscribed);
    expect(requests).toEqual([
      { url: '/api/subscribers/unsubscribe', method: 'POST', body: { token: TOKEN } },
    ]);
  });

  it("shows the server's message when the link does not work", async () => {
    serve({ statusCode: 400, message: NEWSLETTER_MESSAGES.invalidLink, error: 'Bad Request' }, 400);
    const { user } = renderWithProviders(<SubscriptionLink action="unsubscribe" token={TOKEN} />);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NEWSLETTER_MESSAGES.invalidLink);
  });

  it('offers no button for a link without a token', () => {
    const requests = serve({});
    renderWithProviders(<SubscriptionLink action="unsubscribe" token="" />);
    expect(screen.getByRole('alert')).toHaveTextContent(NEWSLETTER_MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('the confirmation link', () => {
  it('confirms at once, once', async () => {
    const requests = serve({ message: NEWSLETTER_MESSAGES.confirmed });
    renderWithProviders(<SubscriptionLink action="confirm" token={TOKEN} />);
    expect(await screen.findByText(NEWSLETTER_MESSAGES.confirmed)).toBeInTheDocument();
    expect(requests).toEqual([
      { url: '/api/subscribers/confirm', method: 'POST', body: { token: TOKEN } },
    ]);
  });
});
