/**
 * The live feed's fan-out in an API process (LiveFeedHub) against a Redis stand-in whose history reads
 * the test answers when it chooses: events the channel brings while a stream catches up from the history
 * are sent once, in order, whether the history read saw them or not; a fresh stream starts at the newest
 * id; a stream carrying an id from before a Redis reset still hears new events; a subscriber that
 * reconnects makes every stream catch up; an unreadable history ends the stream (the browser reconnects).
 */
import 'reflect-metadata';
import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { LiveEvent } from '../../src/contracts/live-events.js';
import { LiveFeedHub } from '../../src/modules/notifications/live-feed/live-feed-hub.js';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import type { AppRedis } from '../../src/platform/redis/app-redis.js';

const PREFIX = 'test';
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

/** Redis as the hub uses it: `multi().xrevrange().xrange().exec()` and one subscriber connection. */
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
          xrevrange: () => transaction,
          xrange: (_key: string, start: string) => {
            afterId = start.slice(1);
            return transaction;
          },
          exec: () =>
            new Promise((resolve, reject) => {
              this.reads.push({
                afterId,
                answer: (newest, missed) =>
                  resolve([
                    [null, newest === undefined ? [] : [streamRow(newest)]],
                    ...(afterId === undefined ? [] : [[null, missed.map(streamRow)]]),
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

function startHub(redis: FakeRedis): LiveFeedHub {
  const hub = new LiveFeedHub(redis.appRedis, { ROLE: 'api', QUEUE_PREFIX: PREFIX } as AppConfig);
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
    const stream = collect(hub.open('1-0'));
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
    const stream = collect(hub.open(undefined));
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
    const stream = collect(hub.open('999-0'));
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
    const first = collect(hub.open('1-0'));
    (await redis.nextRead()).answer(2, [2]);
    const second = collect(hub.open(undefined));
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
    const stream = collect(hub.open('1-0'));
    (await redis.nextRead()).fail(new Error('Connection is closed.'));
    await until(() => stream.ended());
    expect(stream.eventIds()).toStrictEqual([]);
  });

  it('ends every stream at shutdown, and opens no more', async () => {
    const redis = new FakeRedis();
    const hub = startHub(redis);
    const streams = [collect(hub.open(undefined)), collect(hub.open('3-0'))];
    hub.beforeApplicationShutdown();
    const late = collect(hub.open(undefined));
    await until(() => [...streams, late].every((stream) => stream.ended()));
    expect(late.text()).toMatch(/^retry: \d+\n\n$/);
  });
});
