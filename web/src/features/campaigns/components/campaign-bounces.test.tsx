import { describe, expect, it } from '@jest/globals';
import { type Campaign } from '@contracts/campaigns';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { CampaignBounces } from './campaign-bounces';

const campaign = (bounces: Campaign['bounces']): Campaign => ({
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  subject: 'Spring news',
  status: 'sent',
  createdBy: 'admin@example.test',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  scheduledAt: null,
  startedAt: '2026-11-20T09:00:00.000Z',
  finishedAt: '2026-11-20T09:05:00.000Z',
  counts: { total: 10, queued: 0, sent: 10, failed: 0, cancelled: 0 },
  body: 'Hello',
  failures: [],
  bounces,
});

describe('a campaign’s bounces and complaints', () => {
  it('shows how many of its addresses bounced or complained', () => {
    renderWithProviders(
      <CampaignBounces campaign={campaign({ hard: 2, soft: 1, complaints: 3 })} />,
    );
    const section = screen.getByRole('region', { name: 'Bounces and complaints' });
    expect(within(section).getByText('Bounced').nextSibling).toHaveTextContent('2');
    expect(within(section).getByText('Soft bounces').nextSibling).toHaveTextContent('1');
    expect(within(section).getByText('Complained').nextSibling).toHaveTextContent('3');
  });

  it('shows nothing while none was reported', () => {
    renderWithProviders(
      <CampaignBounces campaign={campaign({ hard: 0, soft: 0, complaints: 0 })} />,
    );
    expect(
      screen.queryByRole('region', { name: 'Bounces and complaints' }),
    ).not.toBeInTheDocument();
  });
});
