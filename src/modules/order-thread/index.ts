/** What other modules and the composition root may use of the order thread (lint rule: nothing else). */
export * from './domain/order-thread.events.js';
export type * from './domain/order-thread.mails.js';
export { OrderThreadModule } from './order-thread.module.js';
