import { Command } from '@nestjs/cqrs';
import type { OrderThreadRead } from '../../../../contracts/order-thread.js';
import type { ThreadViewer } from '../../domain/thread-store.js';

/** The viewer (the order's customer; the admins, who share one marker) has read the whole thread. */
export class MarkThreadReadCommand extends Command<OrderThreadRead> {
  constructor(
    readonly orderId: string,
    readonly viewer: ThreadViewer,
  ) {
    super();
  }
}
