/** What other modules and the composition root may use of messages (lint rule: nothing else). */
export * from './domain/messages.events.js';
export { SendMessageCommand } from './commands/send-message/send-message.command.js';
export { MessagesModule } from './messages.module.js';
