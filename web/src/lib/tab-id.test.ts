import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { TAB_ID_HEADER, TAB_ID_PATTERN } from '@contracts/live-events';
import { api } from './api-client';
import { apiUpload } from './api-upload';
import { TAB_ID } from './tab-id';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The headers of each request the API client sends. */
function recordHeaders(): Headers[] {
  const sent: Headers[] = [];
  globalThis.fetch = jest.fn(async (_input: string | URL | Request, init?: RequestInit) => {
    sent.push(new Headers(init?.headers));
    return { ok: true, status: 200, text: async () => '{}' };
  }) as unknown as typeof fetch;
  return sent;
}

describe('the tab id', () => {
  it('is a valid tab id, and is sent with every request that changes something, not with reads', async () => {
    expect(TAB_ID).toMatch(TAB_ID_PATTERN);
    const sent = recordHeaders();
    await api.get('/api/x');
    await api.post('/api/x', {});
    await api.put('/api/x', {});
    await api.delete('/api/x');
    await apiUpload('/api/x', new FormData());
    expect(sent.map((headers) => headers.get(TAB_ID_HEADER))).toStrictEqual([
      null,
      TAB_ID,
      TAB_ID,
      TAB_ID,
      TAB_ID,
    ]);
  });
});
