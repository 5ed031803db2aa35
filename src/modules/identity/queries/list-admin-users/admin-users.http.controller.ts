import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type AdminUser, adminUserSchema } from '../../../../contracts/identity.js';
import { Access } from '../../../../platform/auth/access.js';
import { AdminUserReader } from './admin-user-reader.js';

@ApiTags('admin users')
@Controller('api/admin/users')
export class AdminUsersHttpController {
  constructor(private readonly reader: AdminUserReader) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The admin users list' })
  @ApiOkResponse({ standardSchema: z.array(adminUserSchema) })
  list(): Promise<AdminUser[]> {
    return this.reader.list();
  }

  @Get(':id')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'One admin user' })
  @ApiOkResponse({ standardSchema: adminUserSchema })
  get(@Param('id') id: string): Promise<AdminUser> {
    return this.reader.get(id);
  }
}
