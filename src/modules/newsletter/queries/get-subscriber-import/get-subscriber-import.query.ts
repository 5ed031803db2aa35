import { Query } from '@nestjs/cqrs';
import type { SubscriberImport } from '../../../../contracts/subscriber-import.js';

/** An import's state, progress and counts, or null. */
export class GetSubscriberImportQuery extends Query<SubscriberImport | null> {
  constructor(readonly importId: string) {
    super();
  }
}
