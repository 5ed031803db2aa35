import type { HttpSide } from '../../platform/http/http-side.js';
import { ConfirmSubscriptionHttpController } from './commands/confirm-subscription/confirm-subscription.http.controller.js';
import { RemoveSubscriberHttpController } from './commands/remove-subscriber/remove-subscriber.http.controller.js';
import { SubscribeHttpController } from './commands/subscribe/subscribe.http.controller.js';
import { UnsubscribeHttpController } from './commands/unsubscribe/unsubscribe.http.controller.js';
import { ExportSubscribersHttpController } from './queries/export-subscribers/export-subscribers.http.controller.js';
import { SubscribersHttpController } from './queries/list-subscribers/subscribers.http.controller.js';
import { AdminCampaignsHttpController } from './http/admin-campaigns.http.controller.js';
import { OneClickUnsubscribeRoute } from './http/one-click-unsubscribe.route.js';
import { BounceWebhookRoutes } from './http/bounce-webhooks.routes.js';
import { ImportSubscribersHttpController } from './commands/import-subscribers/import-subscribers.http.controller.js';
import { AdminWelcomeEmailHttpController } from './http/admin-welcome-email.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (newsletter.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [
    SubscribeHttpController,
    ConfirmSubscriptionHttpController,
    UnsubscribeHttpController,
    SubscribersHttpController,
    ExportSubscribersHttpController,
    RemoveSubscriberHttpController,
    AdminCampaignsHttpController,
    AdminWelcomeEmailHttpController,
    ImportSubscribersHttpController,
  ],
  providers: [OneClickUnsubscribeRoute, BounceWebhookRoutes],
};
