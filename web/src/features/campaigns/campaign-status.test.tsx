import { describe, expect, it } from '@jest/globals';
import { CAMPAIGN_STATUSES, type CampaignCounts } from '@contracts/campaigns';
import { campaignProgress, formatEta, isCampaignInFlight } from './campaign-status';

const counts = (partial: Partial<CampaignCounts>): CampaignCounts => ({
  total: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  cancelled: 0,
  ...partial,
});

describe('campaign progress', () => {
  it('counts sent, failed and cancelled recipients as done', () => {
    expect(
      campaignProgress(counts({ total: 8, queued: 3, sent: 3, failed: 1, cancelled: 1 })),
    ).toEqual({ done: 5, total: 8, percent: 62 });
  });

  it('says 100% only once every recipient is done', () => {
    expect(campaignProgress(counts({ total: 1000, queued: 1, sent: 999 })).percent).toBe(99);
    expect(campaignProgress(counts({ total: 1000, sent: 998, failed: 2 })).percent).toBe(100);
  });

  it('is 0 of 0 before the recipients are known (scheduled, or nobody to send to)', () => {
    expect(campaignProgress(counts({}))).toEqual({ done: 0, total: 0, percent: 0 });
  });

  it('never shows more done than the total', () => {
    expect(campaignProgress(counts({ total: 2, sent: 3 }))).toEqual({
      done: 2,
      total: 2,
      percent: 100,
    });
  });
});

describe('which campaigns the progress page keeps asking about', () => {
  it('scheduled, sending and paused ones only', () => {
    expect(CAMPAIGN_STATUSES.filter(isCampaignInFlight)).toEqual([
      'scheduled',
      'sending',
      'paused',
    ]);
  });
});

describe('formatEta', () => {
  it('reads a wait in seconds, minutes or hours', () => {
    expect(formatEta(0.2)).toBe('1 s');
    expect(formatEta(45)).toBe('45 s');
    expect(formatEta(12 * 60 + 10)).toBe('12 min');
    expect(formatEta(3 * 3600)).toBe('3 h');
    expect(formatEta(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
  });

  it('keeps a paused campaign in flight (the page keeps asking)', () => {
    expect(isCampaignInFlight('paused')).toBe(true);
  });
});
