import { Query } from '@nestjs/cqrs';
import type { NotFoundListQuery, NotFoundPage } from '../../../../../contracts/seo-redirects.js';

/** One page of the 404 paths, most hit or most recently seen first. */
export class ListNotFoundQuery extends Query<NotFoundPage> {
  constructor(readonly query: NotFoundListQuery) {
    super();
  }
}
