/** What other modules and the composition root may use of payments (lint rule: nothing else). */
export * from './domain/payments.events.js';
export { PaymentsModule } from './payments.module.js';
