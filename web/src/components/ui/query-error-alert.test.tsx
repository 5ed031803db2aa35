import { describe, expect, it, jest } from '@jest/globals';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../testing/render';
import { QueryErrorAlert } from './query-error-alert';

function Prices({ load }: { load: () => Promise<string> }) {
  const prices = useQuery({ queryKey: ['prices'], queryFn: load });
  if (prices.isPending) return <p>Loading…</p>;
  if (prices.isError) {
    return <QueryErrorAlert query={prices} />;
  }
  return <p>{prices.data}</p>;
}

describe('QueryErrorAlert', () => {
  it("shows the server's message, and Try again asks again", async () => {
    const load = jest
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(503, 'The service is temporarily unavailable.'))
      .mockResolvedValueOnce('Basic $49');
    const { user } = renderWithProviders(<Prices load={load} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is temporarily unavailable.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Basic $49')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says the server could not be reached for anything but its own answer', async () => {
    const load = jest.fn<() => Promise<string>>().mockRejectedValue(new TypeError('fetch failed'));
    renderWithProviders(<Prices load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Please try again.',
    );
  });
});
