import { Query } from '@nestjs/cqrs';
import type { Message } from '../../../../contracts/messages.js';

/** One message; a 404 when there is none. */
export class GetMessageQuery extends Query<Message> {
  constructor(readonly messageId: string) {
    super();
  }
}
