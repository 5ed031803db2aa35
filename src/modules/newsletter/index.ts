/** What other modules and the composition root may use of newsletter (lint rule: nothing else). */
export * from './domain/newsletter.events.js';
export type * from './domain/newsletter.mails.js';
export { ConfirmSubscriptionCommand } from './commands/confirm-subscription/confirm-subscription.command.js';
export { SubscribeCommand } from './commands/subscribe/subscribe.command.js';
export { UnsubscribeCommand } from './commands/unsubscribe/unsubscribe.command.js';
export { ListSubscribersQuery } from './queries/list-subscribers/list-subscribers.query.js';
export { GetMailFlagsQuery } from './queries/get-mail-flags/get-mail-flags.query.js';
export { NewsletterModule } from './newsletter.module.js';
export { NEWSLETTER_MAINTENANCE_QUEUE, NEWSLETTER_QUEUE } from './jobs/newsletter.queues.js';
export { NEWSLETTER_IMPORT_QUEUE } from './jobs/import-subscribers.job.js';
