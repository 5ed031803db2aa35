import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LIVE_EVENTS_PATH, type LiveEvent } from '@contracts/live-events';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TAB_ID } from '../../../lib/tab-id';
import { renderWithProviders } from '../../../testing/render';
import { REOPEN_AFTER_MS } from '../api/use-live-feed';
import { LiveFeed } from './live-feed';

/** jsdom has no EventSource: this one records what the hook does and lets the test play the server. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.OPEN;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server sends `id:`, `event:` and `data:` lines. */
  send(event: LiveEvent, id: string, data = JSON.stringify(event)) {
    act(() => {
      this.dispatchEvent(new MessageEvent(event.type, { data, lastEventId: id }));
    });
  }

  /** The server refused the stream (e.g. 401): EventSource gives up. */
  refuse() {
    act(() => {
      this.readyState = FakeEventSource.CLOSED;
      this.onerror?.(new Event('error'));
    });
  }
}

const latest = () => FakeEventSource.instances.at(-1)!;

const order = (overrides: Partial<LiveEvent> = {}): LiveEvent => ({
  type: 'order.placed',
  eventId: crypto.randomUUID(),
  occurredAt: new Date().toISOString(),
  subjectId: 'order-1',
  text: 'New order: Premium from Jane Doe ($499.00)',
  ...overrides,
});

describe('the admin live feed', () => {
  const realEventSource = globalThis.EventSource;
  beforeEach(() => {
    FakeEventSource.instances = [];
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
  });
  afterEach(() => {
    globalThis.EventSource = realEventSource;
    jest.useRealTimers();
  });

  it('opens the feed, and closes it when unmounted', () => {
    const { unmount } = renderWithProviders(<LiveFeed />);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe(LIVE_EVENTS_PATH);
    expect(latest().init).toStrictEqual({ withCredentials: true });
    unmount();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('shows each event in a toast and refreshes the screens that list what it is about', async () => {
    const { queryClient } = renderWithProviders(<LiveFeed />);
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    latest().send(order(), '1-0');
    expect(await screen.findByText('New order: Premium from Jane Doe ($499.00)')).toBeVisible();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] }));
    expect(invalidate).toHaveBeenCalledTimes(1);

    latest().send(
      {
        type: 'message.received',
        eventId: crypto.randomUUID(),
        occurredAt: new Date().toISOString(),
        subjectId: 'message-1',
        text: 'New message from Jane Doe: An audit',
      },
      '2-0',
    );
    expect(await screen.findByText('New message from Jane Doe: An audit')).toBeVisible();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['messages'] }));
  });

  it('shows a customer’s message on an order with a way to open it, and refreshes the threads', async () => {
    const { queryClient } = renderWithProviders(<LiveFeed />);
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    latest().send(
      order({
        type: 'order.message',
        text: 'New message from Jane Doe on their Premium order: Hello',
      }),
      '1-0',
    );
    const toast = (
      await screen.findByText('New message from Jane Doe on their Premium order: Hello')
    ).closest('li')!;
    expect(within(toast).getByRole('button', { name: 'Open order' })).toBeVisible();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['order-thread'] }));
  });

  it('does not echo what this tab did itself, but still refreshes; another tab’s action is shown', async () => {
    const { queryClient } = renderWithProviders(<LiveFeed />);
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    latest().send(
      order({ type: 'order.delivered', text: 'Order delivered: mine', originTabId: TAB_ID }),
      '1-0',
    );
    latest().send(
      order({
        type: 'order.delivered',
        text: 'Order delivered: another tab',
        originTabId: 'tab-of-another-window',
      }),
      '2-0',
    );
    expect(await screen.findByText('Order delivered: another tab')).toBeVisible();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] }));
    expect(screen.queryByText('Order delivered: mine')).toBeNull();
  });

  it('refreshes each screen once for a burst of events', async () => {
    const { queryClient } = renderWithProviders(<LiveFeed />);
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    for (let n = 1; n <= 5; n++)
      latest().send(order({ type: 'order.paid', text: `Paid ${n}` }), `${n}-0`);
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toStrictEqual([
      ['orders'],
      ['payments'],
    ]);
  });

  it('ignores what is not a live event', async () => {
    const { queryClient } = renderWithProviders(<LiveFeed />);
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    latest().send(order({ text: 'Not JSON' }), '1-0', '{not json');
    latest().send(order({ text: 'Not a live event' }), '2-0', JSON.stringify({ text: 'Hi' }));
    latest().send(order({ text: 'A real one' }), '3-0');
    expect(await screen.findByText('A real one')).toBeVisible();
    expect(screen.queryByText('Not a live event')).toBeNull();
    expect(screen.queryByText('Hi')).toBeNull();
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
  });

  it('counts events from long ago (a catch-up) in one toast instead of one each', async () => {
    renderWithProviders(<LiveFeed />);
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    for (let n = 1; n <= 3; n++) {
      latest().send(order({ occurredAt: hourAgo, text: `Old order ${n}` }), `${n}-0`);
    }
    expect(await screen.findByText('3 earlier updates loaded')).toBeVisible();
    expect(screen.queryByText('Old order 1')).toBeNull();
  });

  it('keeps a dispute in a toast of its own that opens the order, however late it is heard of', async () => {
    const { queryClient } = renderWithProviders(<LiveFeed />);
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const text =
      'Payment disputed at PayPal (MERCHANDISE_OR_SERVICE_NOT_RECEIVED, $499.00): Premium from Jane Doe ($499.00)';

    latest().send(
      order({
        type: 'payment.disputed',
        occurredAt: new Date(Date.now() - 60 * 60_000).toISOString(),
        text,
      }),
      '1-0',
    );
    const toast = (await screen.findByText(text)).closest('li')!;
    expect(toast).toBeVisible();
    expect(within(toast).getByRole('button', { name: 'Open order' })).toBeVisible();
    expect(screen.queryByText(/earlier update/)).toBeNull();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['payments'] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });
  });

  it('opens the feed again after the server refused it, from the last event it had', async () => {
    jest.useFakeTimers();
    renderWithProviders(<LiveFeed />);
    latest().send(order(), '1700000000000-3');
    latest().refuse();
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => jest.advanceTimersByTime(REOPEN_AFTER_MS));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(latest().url).toBe(`${LIVE_EVENTS_PATH}?lastEventId=1700000000000-3`);
  });
});
