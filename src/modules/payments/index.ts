/** What other modules and the composition root may use of payments (lint rule: nothing else). */
export * from './domain/payments.events.js';
export { SavePaymentAccountCommand } from './commands/save-payment-account/save-payment-account.command.js';
export {
  GetPaymentAccountQuery,
  ListPaymentAccountsQuery,
} from './queries/payment-accounts/payment-accounts.queries.js';
export { PaymentsModule } from './payments.module.js';
export { PAYMENT_NOTIFICATIONS_QUEUE, PAYMENTS_MAINTENANCE_QUEUE } from './jobs/payments.queues.js';
