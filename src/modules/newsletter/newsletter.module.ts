import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { ConfirmSubscriptionHandler } from './commands/confirm-subscription/confirm-subscription.handler.js';
import { ConfirmSubscriptionHttpController } from './commands/confirm-subscription/confirm-subscription.http.controller.js';
import { SubscribeHandler } from './commands/subscribe/subscribe.handler.js';
import { SubscribeHttpController } from './commands/subscribe/subscribe.http.controller.js';
import { UnsubscribeHandler } from './commands/unsubscribe/unsubscribe.handler.js';
import { UnsubscribeHttpController } from './commands/unsubscribe/unsubscribe.http.controller.js';
import { SubscribeThrottle } from './domain/subscribe-throttle.js';
import { Subscriber } from './domain/subscriber.entity.js';
import { SubscriberToken } from './domain/subscriber-token.entity.js';
import {
  SendSubscriptionConfirmation,
  SendSubscriptionWelcome,
} from './jobs/send-newsletter-emails.handlers.js';
import { ListSubscribersHandler } from './queries/list-subscribers/list-subscribers.handler.js';
import { SubscribersHttpController } from './queries/list-subscribers/subscribers.http.controller.js';
import { NotificationsModule } from '../notifications/index.js';

/**
 * The newsletter's subscribers, with double opt-in: sign-up, e-mailed confirmation and unsubscribe links,
 * the admin list. Emits SubscriptionRequested and SubscriberConfirmed; its mail handlers run in the worker.
 */
@Module({
  imports: [MikroOrmModule.forFeature([Subscriber, SubscriberToken]), NotificationsModule],
  controllers: [
    SubscribeHttpController,
    ConfirmSubscriptionHttpController,
    UnsubscribeHttpController,
    SubscribersHttpController,
  ],
  providers: [
    SubscribeThrottle,
    SubscribeHandler,
    ConfirmSubscriptionHandler,
    UnsubscribeHandler,
    ListSubscribersHandler,
    SendSubscriptionConfirmation,
    SendSubscriptionWelcome,
  ],
})
export class NewsletterModule {}
