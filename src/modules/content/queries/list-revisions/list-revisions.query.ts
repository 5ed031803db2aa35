import { Query } from '@nestjs/cqrs';
import type { Revision } from '../../../../contracts/content/index.js';

export class ListRevisionsQuery extends Query<Revision[]> {
  constructor(readonly sectionKey: string) {
    super();
  }
}
