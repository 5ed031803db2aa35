import { Query } from '@nestjs/cqrs';
import type { UnreadMessages } from '../../../../contracts/order-thread.js';
import type { ThreadViewer } from '../../domain/thread-store.js';

/**
 * Unread messages per order and in all: a customer's (the agency's messages on their orders) or the
 * admins' (customers' messages no admin has read).
 */
export class UnreadOrderMessagesQuery extends Query<UnreadMessages> {
  constructor(readonly viewer: ThreadViewer) {
    super();
  }
}
