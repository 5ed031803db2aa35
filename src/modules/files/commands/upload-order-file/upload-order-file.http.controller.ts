import {
  Controller,
  ForbiddenException,
  HttpCode,
  HttpStatus,
  Inject,
  NotFoundException,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  FILE_TEXTS,
  ORDER_FILE_TYPES,
  type OrderFileQuery,
  orderFileQuerySchema,
  type StoredFile,
  storedFileSchema,
} from '../../../../contracts/files.js';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import {
  Access,
  type AuthContext,
  CurrentAuth,
  readsEveryOrder,
} from '../../../../platform/auth/access.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { readUploadedFile } from '../../../media/index.js';
import { FindOrderQuery } from '../../../orders/index.js';
import { StorePrivateFileCommand } from '../store-private-file/store-private-file.command.js';
import { orderFileType, storableBytes } from './order-file-type.js';

/** Files attached to an order: by its customer (attachments) or an admin (attachments, deliverables). */
@ApiTags('files')
@Controller('api/orders')
export class UploadOrderFileHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(':id/files')
  @Access('customer')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary:
      'Upload a file for an order (its customer, or an admin); send its id with a message, …',
    description:
      `The file is private to the order's customer and the admins. Accepted: ${Object.values(ORDER_FILE_TYPES).join(', ')}, ` +
      'recognised by their bytes; images are re-encoded without their metadata (EXIF, GPS). At most ' +
      'ORDER_FILE_MAX_BYTES (25 MiB by default).',
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
  @ApiCreatedResponse({ description: 'Stored', standardSchema: storedFileSchema })
  @ApiBadRequestResponse({
    description: 'No file field, more than one, other fields, an empty file or a bad name',
    standardSchema: errorBodySchema,
  })
  @ApiForbiddenResponse({
    description: 'A customer sent kind=deliverable or internal-note',
    standardSchema: errorBodySchema,
  })
  @ApiNotFoundResponse({
    description: 'No such order, or not one of this account’s (the same answer)',
    standardSchema: errorBodySchema,
  })
  @ApiPayloadTooLargeResponse({
    description: 'Larger than ORDER_FILE_MAX_BYTES',
    standardSchema: errorBodySchema,
  })
  @ApiUnsupportedMediaTypeResponse({
    description: 'Not multipart/form-data, or not a type orders take',
    standardSchema: errorBodySchema,
  })
  async upload(
    @Param('id') id: string,
    @Query({ schema: orderFileQuerySchema }) { kind }: OrderFileQuery,
    @CurrentAuth() auth: AuthContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StoredFile> {
    const { email, isAdmin, id: accountId } = auth.account;
    const order = await this.queryBus.execute(
      new FindOrderQuery(id, readsEveryOrder(auth.account) ? 'all' : { customerEmail: email }),
    );
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (kind !== 'order-attachment' && !isAdmin) {
      throw new ForbiddenException(FILE_TEXTS.deliverableForAdmins);
    }
    const upload = await readUploadedFile(request, reply, this.config.ORDER_FILE_MAX_BYTES);
    const contentType = await orderFileType(upload.bytes, upload.filename);
    return this.commandBus.execute(
      new StorePrivateFileCommand({
        ownerEmail: order.customerEmail,
        orderId: order._id,
        kind,
        filename: upload.filename,
        contentType,
        bytes: await storableBytes(upload.bytes, contentType),
        createdBy: accountId,
      }),
    );
  }
}
