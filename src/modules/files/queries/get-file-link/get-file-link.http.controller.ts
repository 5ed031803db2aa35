import { Controller, Header, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type FileLink,
  fileLinkSchema,
  FILE_LINK_TTL_SECONDS,
} from '../../../../contracts/files.js';
import {
  Access,
  type AuthContext,
  CurrentAuth,
  readsEveryOrder,
} from '../../../../platform/auth/access.js';
import { GetFileLinkQuery } from './get-file-link.query.js';

@ApiTags('files')
@Controller('api/files')
export class GetFileLinkHttpController {
  constructor(private readonly queryBus: QueryBus) {}

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
  @ApiNotFoundResponse({
    description: 'No such file, or not one of this account’s (the same answer)',
    standardSchema: errorBodySchema,
  })
  link(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<FileLink> {
    const { email } = auth.account;
    return this.queryBus.execute(
      new GetFileLinkQuery(id, { email, isAdmin: readsEveryOrder(auth.account) }),
    );
  }
}
