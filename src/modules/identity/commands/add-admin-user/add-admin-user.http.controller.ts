import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type AddAdminUserInput,
  addAdminUserInputSchema,
  type AdminUser,
  adminUserSchema,
} from '../../../../contracts/identity.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { AdminUserReader } from '../../queries/list-admin-users/admin-user-reader.js';
import { AddAdminUserCommand } from './add-admin-user.command.js';

@ApiTags('admin users')
@Controller('api/admin/users')
export class AddAdminUserHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reader: AdminUserReader,
  ) {}

  @Post()
  @Access('admin')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Add an e-mail to the admin users list (by default, e-mails them an invitation link)',
  })
  @ApiCreatedResponse({ standardSchema: adminUserSchema })
  @ApiConflictResponse({ description: 'Already on the list', standardSchema: errorBodySchema })
  async add(
    @Body({ schema: addAdminUserInputSchema }) input: AddAdminUserInput,
    @CurrentActor() actor: AuditActor,
  ): Promise<AdminUser> {
    const id = await this.commandBus.execute(new AddAdminUserCommand(input, actor));
    return this.reader.get(id);
  }
}
