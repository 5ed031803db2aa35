/**
 * The live feed's fan-out in an API process (LiveFeedHub) against a Redis stand-in whose history reads
 * the test answers when it chooses: events the channel brings while a stream catches up from the history
 * are sent once, in order, whether the history read saw them or not; a fresh stream starts at the newest
 * id; a stream carrying an id from before a Redis reset still hears new events; a subscriber that
 * reconnects makes every stream catch up; an unreadable history ends the stream (the browser reconnects).
 * A session, and the process, hold a bounded number of streams: beyond, 429; a closed stream frees its place.
 */
import 'reflect-metadata';
import { EventEmitter, once } from 'node:events';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { LiveEvent } from '../../src/contracts/live-events.js';
import { LiveFeedHub } from '../../src/modules/notifications/live-feed/live-feed-hub.js';
import { type AppConfig, parseConfig } from '../../src/platform/config/app-config.js';
import { TooManyRequestsException } from '../../src/platform/http/too-many-requests.exception.js';
import type { AppRedis } from '../../src/platform/redis/app-redis.js';

const PREFIX = 'test';
const SESSION = 'session-1';
const CHANNEL = `${PREFIX}:live-feed`;

const liveEvent = (n: number): LiveEvent => ({
  type: 'message.received',
  eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  occurredAt: new Date(0).toISOString(),
  subjectId: `message-${n}`,
  text: `New message ${n}`,
});
const streamRow = (n: number) => [`${n}-0`, ['event', JSON.stringify(liveEvent(n))]];

/** A history read the test answers: what it saw after the position asked for, and the newest id. */
interface PendingRead {
  afterId: string | undefined;
  answer(newest: number | undefined, missed: number[]): void;
  fail(error: Error): void;
}

/** Redis as the hub uses it: `multi().xrevrange().xrevrange().exec()` and one subscriber connection. */
class FakeRedis {
  readonly reads: PendingRead[] = [];
  readonly subscriber = Object.assign(new EventEmitter(), {
    subscribe: async () => 1,
    disconnect: () => undefined,
  });

  readonly appRedis = {
    client: {
      multi: () => {
        let afterId: string | undefined;
        const transaction = {
          // The newest id (`- COUNT 1`), or the events after a position (`(<id>`).
          xrevrange: (_key: string, _end: string, start: string) => {
            if (start !== '-') afterId = start.slice(1);
            return transaction;
          },
          exec: () =>
            new Promise((resolve, reject) => {
              this.reads.push({
                afterId,
                answer: (newest, missed) =>
                  resolve([
                    [null, newest === undefined ? [] : [streamRow(newest)]],
                    // Newest first, as XREVRANGE answers.
                    ...(afterId === undefined ? [] : [[null, missed.map(streamRow).reverse()]]),
                  ]),
                fail: reject,
              });
            }),
        };
        return transaction;
      },
    },
    subscriber: () => this.subscriber,
  } as unknown as AppRedis;

  /** What another process's announcement looks like on the channel. */
  publish(n: number): void {
    this.subscriber.emit('message', CHANNEL, `${n}-0 ${JSON.stringify(liveEvent(n))}`);
  }

  async nextRead(): Promise<PendingRead> {
    await until(() => this.reads.length > 0);
    return this.reads.shift()!;
  }
}

/** Everything written to a stream so far. */
function collect(stream: Readable) {
  let text = '';
  let ended = false;
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  stream.on('end', () => (ended = true));
  return {
    /** The events' ids in the order sent. */
    eventIds: () => [...text.matchAll(/^id: (.+)\nevent: /gm)].map((match) => match[1]),
    /** `id:` lines sent alone (a position, no event). */
    positions: () => [...text.matchAll(/^id: (.+)\n\n/gm)].map((match) => match[1]),
    text: () => text,
    ended: () => ended,
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; !condition(); turn++) {
    if (turn > 1000) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const hubs: LiveFeedHub[] = [];

function startHub(redis: FakeRedis, limits: { perSession?: number; inAll?: number } = {}) {
  const hub = new LiveFeedHub(redis.appRedis, {
    ROLE: 'api',
    QUEUE_PREFIX: PREFIX,
    LIVE_FEED_MAX_STREAMS_PER_SESSION: limits.perSession ?? 5,
    LIVE_FEED_MAX_STREAMS: limits.inAll ?? 500,
  } as AppConfig);
  hub.onModuleInit();
  hubs.push(hub);
  return hub;
}

afterEach(() => {
  for (const hub of hubs.splice(0)) hub.beforeApplicationShutdown();
});

describe('the live feed hub', () => {
  it('sends what the channel brings during a catch-up once, in order, after what the history had', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis);
    const stream = collect(hub.open('1-0', SESSION));
    const read = await redis.nextRead();
    expect(read.afterId).toBe('1-0');
    // 2 and 3 are published before the read runs (it sees them), 4 after it: all three are heard.
    redis.publish(2);
    redis.publish(3);
    redis.publish(4);
    read.answer(3, [2, 3]);
    await until(() => stream.eventIds().length === 3);
    redis.publish(5);
    await until(() => stream.eventIds().length === 4);
    expect(stream.eventIds()).toStrictEqual(['2-0', '3-0', '4-0', '5-0']);
    expect(stream.text()).toMatch(/^retry: \d+\n\n/);
  });

  it('starts a stream without Last-Event-ID at the newest id, then sends only newer events', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis);
    const stream = collect(hub.open(undefined, SESSION));
    const read = await redis.nextRead();
    expect(read.afterId).toBeUndefined();
    redis.publish(7);
    read.answer(7, []);
    redis.publish(8);
    await until(() => stream.eventIds().length === 1);
    expect(stream.positions()).toStrictEqual(['7-0']);
    expect(stream.eventIds()).toStrictEqual(['8-0']);
  });

  it('moves a Last-Event-ID from before a Redis reset back to the newest id, so new events still come', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis);
    const stream = collect(hub.open('999-0', SESSION));
    (await redis.nextRead()).answer(5, []);
    await until(() => stream.positions().length === 1);
    redis.publish(6);
    await until(() => stream.eventIds().length === 1);
    expect(stream.positions()).toStrictEqual(['5-0']);
    expect(stream.eventIds()).toStrictEqual(['6-0']);
  });

  it('catches every stream up from its own last id when the subscriber reconnects', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis);
    const first = collect(hub.open('1-0', SESSION));
    (await redis.nextRead()).answer(2, [2]);
    const second = collect(hub.open(undefined, SESSION));
    (await redis.nextRead()).answer(2, []);
    await until(() => first.eventIds().length === 1 && second.positions().length === 1);

    // Redis dropped the subscriber; 3 and 4 were published meanwhile and never heard.
    redis.subscriber.emit('ready');
    const readsAfterReconnect = [await redis.nextRead(), await redis.nextRead()];
    expect(readsAfterReconnect.map((read) => read.afterId)).toStrictEqual(['2-0', '2-0']);
    for (const read of readsAfterReconnect) read.answer(4, [3, 4]);
    redis.publish(4); // heard as well after the resubscription: not sent twice
    redis.publish(5);
    await until(() => first.eventIds().length === 4 && second.eventIds().length === 3);
    expect(first.eventIds()).toStrictEqual(['2-0', '3-0', '4-0', '5-0']);
    expect(second.eventIds()).toStrictEqual(['3-0', '4-0', '5-0']);
  });

  it('ends the stream when the history cannot be read, so that the browser reconnects later', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis);
    const stream = collect(hub.open('1-0', SESSION));
    (await redis.nextRead()).fail(new Error('Connection is closed.'));
    await until(() => stream.ended());
    expect(stream.eventIds()).toStrictEqual([]);
  });

  it('ends every stream at shutdown, and opens no more', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis);
    const streams = [collect(hub.open(undefined, SESSION)), collect(hub.open('3-0', SESSION))];
    hub.beforeApplicationShutdown();
    const late = collect(hub.open(undefined, SESSION));
    await until(() => [...streams, late].every((stream) => stream.ended()));
    expect(late.text()).toMatch(/^retry: \d+\n\n$/);
  });
});

describe("the live feed hub's limits on open streams", () => {
  /** The refusal `open` throws, as the API answers it. */
  function refusal(open: () => unknown) {
    try {
      open();
    } catch (error) {
      if (!(error instanceof TooManyRequestsException)) throw error;
      return {
        status: error.getStatus(),
        retryAfter: error.retryAfterSeconds,
        text: error.message,
      };
    }
    throw new Error('expected the stream to be refused');
  }

  /** The client goes away: the server's side of its stream is destroyed (as Fastify does). */
  async function dropped(stream: Readable): Promise<void> {
    const closed = once(stream, 'close');
    stream.destroy();
    await closed;
  }

  /** Opens a stream and answers its history read: a stream that has started. */
  async function started(redis: FakeRedis, hub: LiveFeedHub, session: string) {
    const stream = hub.open(undefined, session);
    (await redis.nextRead()).answer(1, []);
    return { stream, ...collect(stream) };
  }

  /** Opens a stream if the hub takes one now. */
  function tryOpen(hub: LiveFeedHub, session: string) {
    try {
      return collect(hub.open(undefined, session));
    } catch (error) {
      if (error instanceof TooManyRequestsException) return undefined;
      throw error;
    }
  }

  it('refuses a session its sixth stream with 429, not other sessions; a stream its client drops frees a place', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis, { perSession: 5 });
    const five = [];
    for (let n = 0; n < 5; n++) five.push(await started(redis, hub, 'A'));
    expect(refusal(() => hub.open(undefined, 'A'))).toStrictEqual({
      status: 429,
      retryAfter: expect.any(Number),
      text: expect.stringMatching(/session \(at most 5\)/),
    });
    // Another session of this process is not held back.
    const other = await started(redis, hub, 'B');
    expect(other.ended()).toBe(false);

    await dropped(five[0]!.stream);
    const again = await started(redis, hub, 'A');
    expect(again.ended()).toBe(false);
    expect(tryOpen(hub, 'A')).toBeUndefined();
  });

  it('frees the place of a stream the server ends', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis, { perSession: 1 });
    const first = collect(hub.open('1-0', 'A'));
    expect(tryOpen(hub, 'A')).toBeUndefined();
    // The history cannot be read: the hub ends the stream (the browser reconnects later).
    (await redis.nextRead()).fail(new Error('Connection is closed.'));
    await until(() => first.ended());
    let next: ReturnType<typeof tryOpen>;
    await until(() => (next = tryOpen(hub, 'A')) !== undefined);
    expect(next?.ended()).toBe(false);
  });

  it('refuses any session a stream once the process holds its limit, until one closes', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis, { perSession: 5, inAll: 3 });
    const open = [
      await started(redis, hub, 'A'),
      await started(redis, hub, 'B'),
      await started(redis, hub, 'C'),
    ];
    for (const session of ['A', 'D']) {
      expect(refusal(() => hub.open(undefined, session))).toStrictEqual({
        status: 429,
        retryAfter: expect.any(Number),
        text: expect.stringMatching(/server .*\(3\)/),
      });
    }
    await dropped(open[1]!.stream);
    await started(redis, hub, 'D');
    expect(tryOpen(hub, 'B')).toBeUndefined();
  });

  it('counts no place for a stream opened during shutdown (it ends at once)', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis, { perSession: 1, inAll: 1 });
    hub.beforeApplicationShutdown();
    const late = [collect(hub.open(undefined, 'A')), collect(hub.open(undefined, 'A'))];
    await until(() => late.every((stream) => stream.ended()));
  });
});

describe('the live feed limits in the configuration', () => {
  it('default to 5 streams per session and 500 per process', () => {
    const config = parseConfig({});
    expect([config.LIVE_FEED_MAX_STREAMS_PER_SESSION, config.LIVE_FEED_MAX_STREAMS]).toStrictEqual([
      5, 500,
    ]);
  });

  it.each(['LIVE_FEED_MAX_STREAMS_PER_SESSION', 'LIVE_FEED_MAX_STREAMS'])(
    'stop the start with one line naming %s when it is not a positive whole number',
    (name) => {
      for (const value of ['0', 'many', '2.5']) {
        expect(() => parseConfig({ [name]: value })).toThrow(
          new RegExp(`^Invalid configuration: ${name} [^\\n]*$`),
        );
      }
    },
  );
});
