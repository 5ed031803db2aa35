import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
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
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type FileDownloadQuery,
  fileDownloadQuerySchema,
  FILE_REDIRECT_TTL_SECONDS,
} from '../../../../contracts/files.js';
import {
  Access,
  type AuthContext,
  CurrentAuth,
  readsEveryOrder,
} from '../../../../platform/auth/access.js';
import type { FileDownload } from '../../domain/private-files.js';
import { DownloadFileQuery } from './download-file.query.js';
import { setAttachmentHeaders } from '../../../../platform/http/content-disposition.js';

const FILE_BYTES = {
  description:
    'The file, as an attachment (Content-Disposition with its name, X-Content-Type-Options: ' +
    'nosniff, Cache-Control: private, no-store); HTML, SVG and other active types as ' +
    'application/octet-stream',
};
const TO_THE_STORE = {
  description: `To a presigned URL of the store, valid ${FILE_REDIRECT_TTL_SECONDS} s (S3)`,
};

/** Hands the file over: a redirect to the store, or its bytes; either way for no cache to keep. */
function send(reply: FastifyReply, download: FileDownload): void {
  if ('redirectTo' in download) {
    void reply.header('cache-control', 'private, no-store').redirect(download.redirectTo, 302);
    return;
  }
  setAttachmentHeaders(reply, download);
  void reply.send(download.body);
}

/** Downloads of private files: by their owner or an admin, or by a signed link. */
@ApiTags('files')
@Controller('api/files')
export class DownloadFileHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id')
  @Access('customer')
  @ApiOperation({ summary: 'Download a private file (its owner or an admin)' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse(FILE_BYTES)
  @ApiFoundResponse(TO_THE_STORE)
  @ApiNotFoundResponse({
    description: 'No such file, or not one of this account’s (the same answer)',
    standardSchema: errorBodySchema,
  })
  async download(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { email } = auth.account;
    const isAdmin = readsEveryOrder(auth.account);
    send(
      reply,
      await this.queryBus.execute(new DownloadFileQuery(id, { reader: { email, isAdmin } })),
    );
  }

  @Get(':id/download')
  @Access('public')
  @ApiOperation({
    summary: 'Download a private file by a link from POST /api/files/{id}/link (no session)',
  })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse(FILE_BYTES)
  @ApiFoundResponse(TO_THE_STORE)
  @ApiForbiddenResponse({ description: 'Not a valid link', standardSchema: errorBodySchema })
  @ApiGoneResponse({ description: 'The link has expired', standardSchema: errorBodySchema })
  @ApiNotFoundResponse({
    description: 'The file is gone (or no link: neither expires nor signature)',
    standardSchema: errorBodySchema,
  })
  async downloadByLink(
    @Param('id') id: string,
    @Query({ schema: fileDownloadQuerySchema }) link: FileDownloadQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    send(reply, await this.queryBus.execute(new DownloadFileQuery(id, { link })));
  }
}
