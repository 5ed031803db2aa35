import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { AdminOrderFilter } from '../../../../contracts/orders.js';

/** Every order (or the filtered ones), newest first, as a CSV byte stream read from the database on demand. */
export class ExportOrdersQuery extends Query<Readable> {
  constructor(readonly filter: AdminOrderFilter) {
    super();
  }
}
