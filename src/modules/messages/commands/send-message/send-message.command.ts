import { Command } from '@nestjs/cqrs';
import type { Message, SendMessage } from '../../../../contracts/messages.js';

export class SendMessageCommand extends Command<Message> {
  constructor(readonly input: SendMessage) {
    super();
  }
}
