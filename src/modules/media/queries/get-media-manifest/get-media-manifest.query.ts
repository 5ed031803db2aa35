import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { MediaManifest } from '../../../../contracts/content/index.js';
import { publicVariant, type StoredVariant } from '../../domain/image-variants.js';
import { UPLOADS_PREFIX } from '../../http/media-routes.js';

/**
 * The responsive variants of the uploaded images among `urls` (`/uploads/<name>`; other URLs are
 * ignored) whose variants are ready, by URL: what the public content snapshot carries for `srcset`.
 */
export class GetMediaManifestQuery extends Query<MediaManifest> {
  constructor(readonly urls: readonly string[]) {
    super();
  }
}

@QueryHandler(GetMediaManifestQuery)
export class GetMediaManifestHandler implements IQueryHandler<GetMediaManifestQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ urls }: GetMediaManifestQuery): Promise<MediaManifest> {
    const names = [
      ...new Set(
        urls
          .filter((url) => url.startsWith(UPLOADS_PREFIX))
          .map((url) => url.slice(UPLOADS_PREFIX.length)),
      ),
    ];
    if (names.length === 0) return {};
    const rows = await this.em
      .fork()
      .execute<{ name: string; width: number; height: number; variants: StoredVariant[] }[]>(
        `select name, width, height, variants from media
        where name in (select jsonb_array_elements_text(?::jsonb)) and variants_status = 'ready' and width is not null
          and jsonb_array_length(variants) > 0
        order by name`,
        [JSON.stringify(names)],
      );
    return Object.fromEntries(
      rows.map((row) => [
        `${UPLOADS_PREFIX}${row.name}`,
        { width: row.width, height: row.height, variants: row.variants.map(publicVariant) },
      ]),
    );
  }
}
