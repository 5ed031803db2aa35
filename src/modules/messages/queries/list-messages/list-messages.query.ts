import { Query } from '@nestjs/cqrs';
import type { MessagePage, MessageStatus } from '../../../../contracts/messages.js';

export interface MessageFilter {
  /** Only messages with this status; absent: every message. */
  status?: MessageStatus;
  /** Only messages whose sender's name or e-mail contains this, in any case. */
  sender?: string;
}

export interface MessagePaging {
  page: number;
  pageSize: number;
}

/** The inbox, newest first: one page, or (without paging, as the old site read it) every message. */
export class ListMessagesQuery extends Query<MessagePage> {
  constructor(
    readonly filter: MessageFilter = {},
    readonly paging?: MessagePaging,
  ) {
    super();
  }
}
