import { Query } from '@nestjs/cqrs';
import type { Entry } from '../../../../contracts/content/index.js';

export class ListEntriesQuery extends Query<Entry[]> {
  constructor(readonly sectionKey: string) {
    super();
  }
}
