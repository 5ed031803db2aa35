/** What other modules and the composition root may use of identity (lint rule: nothing else). */
export * from './domain/identity.events.js';
export type * from './domain/account.mails.js';
export { AddAdminUserCommand } from './commands/add-admin-user/add-admin-user.command.js';
export { RemoveAdminUserCommand } from './commands/remove-admin-user/remove-admin-user.command.js';
export { UpdateAdminUserCommand } from './commands/update-admin-user/update-admin-user.command.js';
export { GetVisitorSessionQuery } from './queries/get-session/get-visitor-session.query.js';
export { ListAdminRecipientsQuery } from './queries/list-admin-users/admin-recipients.query.js';
export {
  GetAdminUserQuery,
  ListAdminUsersQuery,
} from './queries/list-admin-users/admin-user.queries.js';
export { createAdminFromCommandLine } from './create-admin.cli.js';
export { IdentityModule } from './identity.module.js';
export { IDENTITY_MAINTENANCE_QUEUE } from './jobs/identity.queues.js';
