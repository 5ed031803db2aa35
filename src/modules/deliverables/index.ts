/** What other modules and the composition root may use of deliverables (lint rule: nothing else). */
export * from './domain/deliverables.events.js';
export type * from './domain/deliverables.mails.js';
export { AutoApproveDeliveriesCommand } from './commands/auto-approve-deliveries/auto-approve-deliveries.command.js';
export { AUTO_APPROVE_JOB } from './commands/auto-approve-deliveries/auto-approve-deliveries.processor.js';
export { DELIVERABLES_QUEUE } from './jobs/deliverables.queues.js';
export { DeliverablesModule } from './deliverables.module.js';
