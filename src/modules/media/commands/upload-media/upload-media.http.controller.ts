import { Controller, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Media, mediaSchema } from '../../../../contracts/content/index.js';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { Access, STAFF } from '../../../../platform/auth/access.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { MEDIA_UPLOAD_PATH } from '../../http/media-routes.js';
import { FILE_FIELD, readUploadedFile } from './read-uploaded-file.js';
import { UploadMediaCommand } from './upload-media.command.js';

@ApiTags('media')
@Controller(MEDIA_UPLOAD_PATH)
export class UploadMediaHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @Access(STAFF.content)
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Upload an image (JPEG, PNG, WebP or SVG) for the content editors',
    description:
      'The type is read from the bytes, not the file name. SVGs are sanitised (no scripts, event ' +
      'handlers, foreignObject or references other than #fragments). Stored under a content-hash ' +
      'name carrying its size, `/uploads/<hash>-<w>x<h>.<ext>`, so identical uploads share one URL.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    description: `One file field named \`${FILE_FIELD}\` and nothing else.`,
    schema: {
      type: 'object',
      required: [FILE_FIELD],
      properties: {
        [FILE_FIELD]: {
          type: 'string',
          format: 'binary',
          description:
            'A JPEG, PNG, WebP or SVG image, at most UPLOADS_MAX_BYTES (5 MiB by default)',
        },
      },
    },
  })
  @ApiCreatedResponse({ description: 'Stored (or already there)', standardSchema: mediaSchema })
  @ApiBadRequestResponse({
    description: 'No file field, more than one, or other fields',
    standardSchema: errorBodySchema,
  })
  @ApiPayloadTooLargeResponse({
    description: 'Larger than UPLOADS_MAX_BYTES',
    standardSchema: errorBodySchema,
  })
  @ApiUnsupportedMediaTypeResponse({
    description: 'Not multipart/form-data, or the file is not a JPEG, PNG, WebP or SVG image',
    standardSchema: errorBodySchema,
  })
  async upload(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Media> {
    const { bytes } = await readUploadedFile(request, reply, this.config.UPLOADS_MAX_BYTES);
    return this.commandBus.execute(new UploadMediaCommand(bytes));
  }
}
