import { Body, Controller, HttpCode, HttpStatus, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type AdminUser,
  type AdminUserInput,
  adminUserInputSchema,
  adminUserSchema,
} from '../../../../contracts/identity.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { AdminUserReader } from '../../queries/list-admin-users/admin-user-reader.js';
import { UpdateAdminUserCommand } from './update-admin-user.command.js';

@ApiTags('admin users')
@Controller('api/admin/users')
export class UpdateAdminUserHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reader: AdminUserReader,
  ) {}

  @Put(':id')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Change an admin user’s e-mail or role' })
  @ApiOkResponse({ standardSchema: adminUserSchema })
  @ApiConflictResponse({
    description: 'E-mail taken, or your own entry',
    standardSchema: errorBodySchema,
  })
  async update(
    @CurrentActor() actor: AuditActor,
    @Param('id') id: string,
    @Body({ schema: adminUserInputSchema }) input: AdminUserInput,
  ): Promise<AdminUser> {
    await this.commandBus.execute(new UpdateAdminUserCommand(actor, id, input));
    return this.reader.get(id);
  }
}
