import type { Message as MessageView } from '../../../contracts/messages.js';
import type { Message } from './message.entity.js';

export function toMessageView(message: Message): MessageView {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    number: message.number,
    subject: message.subject,
    message: message.message,
    messageStatus: message.messageStatus,
    createdAt: message.createdAt.toISOString(),
  };
}
