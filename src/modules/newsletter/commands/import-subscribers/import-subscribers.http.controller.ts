import { DriverException } from '@mikro-orm/core';
import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  NotFoundException,
  Param,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
  type StreamableFile,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type StartSubscriberImport,
  startSubscriberImportSchema,
  SUBSCRIBER_IMPORT_MAX_ROWS,
  SUBSCRIBER_IMPORT_TEXTS,
  type SubscriberImport,
  subscriberImportSchema,
} from '../../../../contracts/subscriber-import.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { csvAttachment, CsvExportRoute } from '../../../../platform/http/csv-export-route.js';
import { isDatabaseUnavailable } from '../../../../platform/database/database-unavailable.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { GetSubscriberImportQuery } from '../../queries/get-subscriber-import/get-subscriber-import.query.js';
import { SubscriberImportReportQuery } from '../../queries/get-subscriber-import/subscriber-import-report.query.js';
import { StartSubscriberImportCommand } from './start-subscriber-import.command.js';
import { UploadSubscriberImportCommand } from './upload-subscriber-import.command.js';

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
]);

const isServiceUnavailable = (error: unknown) =>
  (error as { serviceUnavailable?: unknown } | null)?.serviceUnavailable === true;

const notFound = { description: 'No such import', standardSchema: errorBodySchema };

/** Importing subscribers from a CSV, for admins: upload and preview, start, follow, the report. */
@ApiTags('newsletter')
@Controller('api/admin/subscribers/imports')
export class ImportSubscribersHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @Access('admin')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Upload a CSV of subscribers: its rows are stored, previewed with a guessed mapping',
    description:
      `The first line names the columns (e-mail, optional name, optional status); at most ` +
      `${SUBSCRIBER_IMPORT_MAX_ROWS} rows and NEWSLETTER_IMPORT_MAX_BYTES. Nothing is imported until started.`,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    description: 'One file field named `file` and nothing else.',
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    },
  })
  @ApiCreatedResponse({ standardSchema: subscriberImportSchema })
  @ApiBadRequestResponse({ description: 'No file, or no rows', standardSchema: errorBodySchema })
  @ApiPayloadTooLargeResponse({
    description: 'Too many bytes or rows',
    standardSchema: errorBodySchema,
  })
  @ApiUnsupportedMediaTypeResponse({
    description: 'Not multipart/form-data, or not a CSV text file',
    standardSchema: errorBodySchema,
  })
  async upload(
    @CurrentActor() actor: AuditActor,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SubscriberImport> {
    const maxBytes = this.config.NEWSLETTER_IMPORT_MAX_BYTES;
    if (!request.isMultipart())
      throw new UnsupportedMediaTypeException(SUBSCRIBER_IMPORT_TEXTS.notCsv);
    if (Number(request.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES) {
      void reply.header('connection', 'close');
      throw new PayloadTooLargeException(SUBSCRIBER_IMPORT_TEXTS.tooLarge(maxBytes));
    }
    let result: SubscriberImport | undefined;
    try {
      const parts = request.parts({
        limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 },
        isPartAFile: (fieldName) => fieldName === 'file',
      });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        const csvName = /\.(csv|txt)$/i.test(part.filename);
        if (!csvName && !CSV_TYPES.has(part.mimetype)) {
          void reply.header('connection', 'close');
          throw new UnsupportedMediaTypeException(SUBSCRIBER_IMPORT_TEXTS.notCsv);
        }
        result = await this.commandBus.execute(
          new UploadSubscriberImportCommand(part.filename || 'import.csv', part.file, actor),
        );
      }
    } catch (error) {
      if (error instanceof HttpException) {
        if (error.getStatus() === 413 || error.getStatus() === 415) {
          void reply.header('connection', 'close');
        }
        throw error;
      }
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        void reply.header('connection', 'close');
        throw new PayloadTooLargeException(SUBSCRIBER_IMPORT_TEXTS.tooLarge(maxBytes));
      }
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
        throw new UnsupportedMediaTypeException(SUBSCRIBER_IMPORT_TEXTS.notCsv);
      }
      // The database's own failures keep their answers (503 when it is unavailable).
      if (
        error instanceof DriverException ||
        isDatabaseUnavailable(error) ||
        isServiceUnavailable(error)
      ) {
        throw error;
      }
      // Busboy's parse errors (no boundary, a part cut short…) and a client that went away.
      request.log.info({ err: error }, 'Import upload refused: unreadable multipart body');
      throw new BadRequestException(SUBSCRIBER_IMPORT_TEXTS.malformed);
    }
    if (!result) throw new BadRequestException(SUBSCRIBER_IMPORT_TEXTS.notCsv);
    return result;
  }

  @Post(':id/start')
  @Access('admin')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Start an uploaded import (or resume a failed one) in the worker',
    description:
      'New addresses become pending and are sent the confirmation e-mail, unless `consent` is true: ' +
      'then confirmed, the consent recorded per row (admin, time, import). Unsubscribed, bounced and ' +
      'complained addresses are never subscribed again.',
  })
  @ApiAcceptedResponse({ standardSchema: subscriberImportSchema })
  @ApiBadRequestResponse({ description: 'Invalid mapping', standardSchema: errorBodySchema })
  @ApiNotFoundResponse(notFound)
  @ApiConflictResponse({ description: 'Already started', standardSchema: errorBodySchema })
  start(
    @Param('id') id: string,
    @Body({ schema: startSubscriberImportSchema }) input: StartSubscriberImport,
  ): Promise<SubscriberImport> {
    return this.commandBus.execute(
      new StartSubscriberImportCommand(
        requireRecordId(id, SUBSCRIBER_IMPORT_TEXTS.notFound),
        input,
      ),
    );
  }

  @Get(':id')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'An import: its state, progress and counts' })
  @ApiOkResponse({ standardSchema: subscriberImportSchema })
  @ApiNotFoundResponse(notFound)
  async get(@Param('id') id: string): Promise<SubscriberImport> {
    const found = await this.queryBus.execute(
      new GetSubscriberImportQuery(requireRecordId(id, SUBSCRIBER_IMPORT_TEXTS.notFound)),
    );
    if (!found) throw new NotFoundException(SUBSCRIBER_IMPORT_TEXTS.notFound);
    return found;
  }

  @Get(':id/report.csv')
  @Access('admin')
  @CsvExportRoute(
    'The lines of an import not imported as new subscribers, with their reason',
    'Columns: line, email (as in the file), outcome (invalid, duplicate, existing, skipped), reason.',
  )
  async report(@Param('id') id: string): Promise<StreamableFile> {
    const csv = await this.queryBus.execute(
      new SubscriberImportReportQuery(requireRecordId(id, SUBSCRIBER_IMPORT_TEXTS.notFound)),
    );
    if (!csv) throw new NotFoundException(SUBSCRIBER_IMPORT_TEXTS.notFound);
    return csvAttachment(csv, `subscriber-import-${id}-report.csv`);
  }
}
