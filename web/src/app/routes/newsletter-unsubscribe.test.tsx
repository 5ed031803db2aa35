import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN, NEWSLETTER_MESSAGES } from '@contracts/newsletter';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { NewsletterUnsubscribeRoute } from './newsletter-unsubscribe';

describe('/newsletter/unsubscribe', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it("a campaign test e-mail's link says at once that it unsubscribes nobody", () => {
    const fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderWithProviders(<NewsletterUnsubscribeRoute />, {
      route: `/newsletter/unsubscribe?token=${CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN}`,
    });
    expect(screen.getByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.testSend);
    expect(screen.queryByText(NEWSLETTER_MESSAGES.invalidLink)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled(); // nothing is asked of the server
  });

  it("a subscriber's link asks first, with the Unsubscribe button", async () => {
    renderWithProviders(<NewsletterUnsubscribeRoute />, {
      route: '/newsletter/unsubscribe?token=abcdefghijklmnopqrstuvwxyz012345',
    });
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(screen.queryByText(NEWSLETTER_MESSAGES.testSend)).not.toBeInTheDocument();
  });
});
