import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnModuleInit,
} from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { Subscription } from 'rxjs';
import type { LiveEvent } from '../../../contracts/live-events.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { DomainEvent } from '../../../platform/outbox/domain-event.js';
import { AppRedis } from '../../../platform/redis/app-redis.js';
import { currentOriginTabId } from './live-event-origin.js';
import { announceLiveEvent, type LiveFeedKeys, liveFeedKeys } from './live-feed-store.js';
import { toLiveEvent } from './live-events.js';

/**
 * Feeds the admin live feed from the in-process event bus, which carries each domain event once its
 * transaction has committed, in whichever process committed it (an API, or the worker that applied a
 * payment). The events are matched by type, not by class: this module stays a leaf that imports no
 * other module (their payload types come from platform's DomainEventPayloads).
 * A notification that Redis does not take (it is away) is lost, not retried: it is a courtesy, and the
 * admin's screens show the change on their next load anyway.
 */
@Injectable()
export class LiveFeedPublisher implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('LiveFeed');
  private readonly keys: LiveFeedKeys;
  private subscription?: Subscription;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly eventBus: EventBus,
    private readonly redis: AppRedis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keys = liveFeedKeys(config.QUEUE_PREFIX);
  }

  onModuleInit(): void {
    this.subscription = this.eventBus.subscribe((event) => {
      // Published synchronously after the commit, in the async flow of the request that committed it.
      const live =
        event instanceof DomainEvent ? toLiveEvent(event, currentOriginTabId()) : undefined;
      if (!live) return;
      const announced = this.announce(live).finally(() => this.inFlight.delete(announced));
      this.inFlight.add(announced);
    });
  }

  /** Lets the announcements under way reach Redis before its connection closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.subscription?.unsubscribe();
    await Promise.all(this.inFlight);
  }

  private async announce(event: LiveEvent): Promise<void> {
    try {
      await announceLiveEvent(this.redis.client, this.keys, event);
    } catch (error) {
      this.logger.warn(
        { err: error, type: event.type, eventId: event.eventId },
        'Live feed: an event could not be announced',
      );
    }
  }
}
