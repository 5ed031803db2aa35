import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Header, NotFoundException, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  type MediaDetails,
  type MediaDetailsQuery,
  mediaDetailsQuerySchema,
  mediaDetailsSchema,
} from '../../../../contracts/content/index.js';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { Access, STAFF } from '../../../../platform/auth/access.js';
import { publicVariant, type StoredVariant } from '../../domain/image-variants.js';
import { UPLOADS_PREFIX } from '../../http/media-routes.js';
import type { VariantsStatus } from '../../../../contracts/content/index.js';

interface MediaRow {
  name: string;
  content_type: string;
  byte_size: number;
  width: number | null;
  height: number | null;
  created_at: Date;
  variants: StoredVariant[];
  variants_status: VariantsStatus;
  error: string | null;
}

export const MEDIA_NOT_FOUND = 'No uploaded image has this name.';

@ApiTags('media')
@Controller('api/admin/media')
export class GetMediaHttpController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  @Access(STAFF.content)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'An uploaded image with its responsive variants, or where making them stands',
    description:
      'By its address (`url=/uploads/<name>`). `variantsStatus` is `pending` until the worker has made ' +
      'the AVIF and WebP variants, `ready` with them, `failed` with `error` after its last attempt.',
  })
  @ApiOkResponse({ standardSchema: mediaDetailsSchema })
  @ApiBadRequestResponse({
    description: 'url is not an upload address',
    standardSchema: errorBodySchema,
  })
  @ApiNotFoundResponse({ description: 'No such image', standardSchema: errorBodySchema })
  async get(
    @Query({ schema: mediaDetailsQuerySchema }) { url }: MediaDetailsQuery,
  ): Promise<MediaDetails> {
    const name = url.slice(UPLOADS_PREFIX.length);
    const [row] = await this.em.execute<MediaRow[]>(
      `select name, content_type, byte_size, width, height, created_at, variants, variants_status,
              error
         from media where name = ?`,
      [name],
    );
    if (!row) throw new NotFoundException(MEDIA_NOT_FOUND);
    return {
      url: `/uploads/${row.name}`,
      contentType: row.content_type,
      size: row.byte_size,
      width: row.width,
      height: row.height,
      createdAt: new Date(row.created_at).toISOString(),
      variantsStatus: row.variants_status,
      variants: row.variants.map(publicVariant),
      error: row.error,
    };
  }
}
