import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ContentSnapshot } from '../../../../contracts/content/index.js';
import { ContentCache } from './content-cache.js';

/** The public content snapshot, the same `GET /api/content` serves (for pages rendered on the server). */
export class GetContentSnapshotQuery extends Query<ContentSnapshot> {}

@QueryHandler(GetContentSnapshotQuery)
export class GetContentSnapshotHandler implements IQueryHandler<GetContentSnapshotQuery> {
  /** The last snapshot read back from the cache's body, until the cache builds another. */
  private parsed?: { etag: string; snapshot: ContentSnapshot };

  constructor(private readonly cache: ContentCache) {}

  async execute(): Promise<ContentSnapshot> {
    const { body, etag } = await this.cache.get();
    if (this.parsed?.etag !== etag) {
      this.parsed = { etag, snapshot: JSON.parse(body) as ContentSnapshot };
    }
    return this.parsed.snapshot;
  }
}
