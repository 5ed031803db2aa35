import {
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type FileDownloadQuery,
  fileDownloadQuerySchema,
  type FileLink,
  fileLinkSchema,
  FILE_LINK_TTL_SECONDS,
  FILE_REDIRECT_TTL_SECONDS,
} from '../../../contracts/files.js';
import { isUuid } from '../../../contracts/ids.js';
import { Access, type AuthContext, CurrentAuth } from '../../../platform/auth/access.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { expiredFileLink, fileNotFound, invalidFileLink } from '../domain/file-errors.js';
import { FileLinkSigner } from '../domain/file-link-signer.js';
import { FileDelivery } from './file-delivery.js';

const FILE_BYTES = {
  description:
    'The file, as an attachment (Content-Disposition with its name, X-Content-Type-Options: ' +
    'nosniff, Cache-Control: private, no-store); HTML, SVG and other active types as ' +
    'application/octet-stream',
};
const NOT_FOUND = {
  description: 'No such file, or not one of this account’s (the same answer)',
  standardSchema: errorBodySchema,
};

/**
 * The private files' routes (see contracts/files.ts). A file is read by its owner or an admin; for
 * anyone else it does not exist.
 */
@ApiTags('files')
@Controller('api/files')
export class FilesHttpController {
  constructor(
    private readonly delivery: FileDelivery,
    private readonly signer: FileLinkSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id')
  @Access('customer')
  @ApiOperation({
    summary: 'Download a private file (its owner or an admin)',
    description: `With an S3 store: 302 to a presigned URL of the bucket, valid ${FILE_REDIRECT_TTL_SECONDS} s.`,
  })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse(FILE_BYTES)
  @ApiFoundResponse({ description: 'To a short-lived presigned URL of the store (S3)' })
  @ApiNotFoundResponse(NOT_FOUND)
  async download(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.delivery.findReadable(id, auth);
    await this.delivery.send(reply, file, FILE_REDIRECT_TTL_SECONDS);
  }

  @Post(':id/link')
  @Access('customer')
  @HttpCode(HttpStatus.CREATED)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'A short-lived download link of a private file, that needs no session',
    description:
      `For download managers, or to hand on briefly: it works for ${FILE_LINK_TTL_SECONDS} s, ` +
      'then answers 410. With an S3 store it is a presigned URL of the bucket.',
  })
  @ApiCreatedResponse({ standardSchema: fileLinkSchema })
  @ApiNotFoundResponse(NOT_FOUND)
  async link(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<FileLink> {
    const file = await this.delivery.findReadable(id, auth);
    const expiresAt = new Date(Date.now() + FILE_LINK_TTL_SECONDS * 1000);
    const presigned = await this.delivery.presignedUrl(file, FILE_LINK_TTL_SECONDS);
    if (presigned) return { url: presigned, expiresAt: expiresAt.toISOString() };
    const { expires, signature } = await this.signer.sign(file.id, expiresAt);
    const url = new URL(`/api/files/${file.id}/download`, this.config.PUBLIC_URL);
    url.search = new URLSearchParams({ expires: String(expires), signature }).toString();
    return { url: url.toString(), expiresAt: new Date(expires * 1000).toISOString() };
  }

  @Get(':id/download')
  @Access('public')
  @ApiOperation({
    summary: 'Download a private file by a link from POST /api/files/{id}/link (no session)',
  })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse(FILE_BYTES)
  @ApiFoundResponse({ description: 'To a short-lived presigned URL of the store (S3)' })
  @ApiForbiddenResponse({ description: 'Not a valid link', standardSchema: errorBodySchema })
  @ApiGoneResponse({ description: 'The link has expired', standardSchema: errorBodySchema })
  @ApiNotFoundResponse({
    description: 'The file is gone (or no link: neither expires nor signature)',
    standardSchema: errorBodySchema,
  })
  async downloadByLink(
    @Param('id') id: string,
    @Query({ schema: fileDownloadQuerySchema }) query: FileDownloadQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Not a UUID is no file, as on every route; nor is a bare id without a link's query (whether or
    // not it names a file: the database is not asked). A link's signature is checked before the
    // database is asked, so a forged link learns nothing either.
    if (!isUuid(id) || (query.expires === undefined && query.signature === undefined)) {
      throw fileNotFound();
    }
    const check = await this.signer.check(id, query.expires, query.signature);
    if (check === 'invalid') throw invalidFileLink();
    if (check === 'expired') throw expiredFileLink();
    const file = await this.delivery.find(id);
    await this.delivery.send(reply, file, FILE_REDIRECT_TTL_SECONDS);
  }
}
