import { Controller, Delete, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { errorBodySchema } from '../../../../contracts/errors.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { RemoveAdminUserCommand } from './remove-admin-user.command.js';

@ApiTags('admin users')
@Controller('api/admin/users')
export class RemoveAdminUserHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete(':id')
  @Access('admin')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Remove an admin user (never the last one, never yourself)' })
  @ApiNoContentResponse()
  @ApiConflictResponse({
    description: 'The last admin, or yourself',
    standardSchema: errorBodySchema,
  })
  async remove(@CurrentActor() actor: AuditActor, @Param('id') id: string): Promise<void> {
    await this.commandBus.execute(new RemoveAdminUserCommand(actor, id));
  }
}
