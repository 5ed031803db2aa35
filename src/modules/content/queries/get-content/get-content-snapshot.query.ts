import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ContentSnapshot } from '../../../../contracts/content/index.js';
import { ContentCache } from './content-cache.js';

export interface VersionedContent {
  content: ContentSnapshot;
  /** The content version the snapshot was read at. */
  version: number;
}

/**
 * The public content snapshot, the same `GET /api/content` serves (for pages rendered on the
 * server), read at `atLeastVersion` or later (see `GetContentVersionQuery`).
 */
export class GetContentSnapshotQuery extends Query<VersionedContent> {
  constructor(readonly atLeastVersion = 0) {
    super();
  }
}

@QueryHandler(GetContentSnapshotQuery)
export class GetContentSnapshotHandler implements IQueryHandler<GetContentSnapshotQuery> {
  /** The last snapshot read back from the cache's body, until the cache builds another. */
  private parsed?: { etag: string; snapshot: ContentSnapshot };

  constructor(private readonly cache: ContentCache) {}

  async execute({ atLeastVersion }: GetContentSnapshotQuery): Promise<VersionedContent> {
    const { body, etag, version } = await this.cache.get(atLeastVersion);
    if (this.parsed?.etag !== etag) {
      this.parsed = { etag, snapshot: JSON.parse(body) as ContentSnapshot };
    }
    return { content: this.parsed.snapshot, version };
  }
}
