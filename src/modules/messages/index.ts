/** What other modules and the composition root may use of messages (lint rule: nothing else). */
export * from './domain/messages.events.js';
export type * from './domain/messages.mails.js';
export { MarkMessageReadCommand } from './commands/mark-message-read/mark-message-read.command.js';
export { type Lead, RecordLeadCommand } from './commands/record-lead/record-lead.command.js';
export { SendMessageCommand } from './commands/send-message/send-message.command.js';
export { GetMessageQuery } from './queries/get-message/get-message.query.js';
export { ListMessagesQuery } from './queries/list-messages/list-messages.query.js';
export { MessagesModule } from './messages.module.js';
