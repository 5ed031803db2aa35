import { Command } from '@nestjs/cqrs';
import type { Message, SendMessage } from '../../../../contracts/messages.js';

export class SendMessageCommand extends Command<Message> {
  constructor(
    readonly input: SendMessage,
    /** The client's IP (TRUST_PROXY honoured), for the per-IP limit. */
    readonly ip: string,
  ) {
    super();
  }
}
