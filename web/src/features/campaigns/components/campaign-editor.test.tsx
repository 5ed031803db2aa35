import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { CampaignEditor } from './campaign-editor';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the campaign editor', () => {
  it('offers an admin to send or schedule the campaign', async () => {
    fakeApi(() => undefined);
    renderWithProviders(<CampaignEditor />);
    expect(await screen.findByRole('button', { name: 'Send now' })).toBeInTheDocument();
  });

  it('leaves sending to an admin when the editor may not send', async () => {
    fakeApi(() => undefined);
    renderWithProviders(<CampaignEditor canSend={false} />);
    expect(await screen.findByText(/An admin sends or schedules it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
  });
});
