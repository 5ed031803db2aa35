import {
  Body,
  Controller,
  Delete,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  type AcceptInvitation,
  acceptInvitationSchema,
  type AdminUser,
  adminUserSchema,
  type Session,
  sessionSchema,
} from '../../../../contracts/identity.js';
import { type AuditActor, CurrentActor } from '../../../../platform/audit/audit-actor.js';
import { Access } from '../../../../platform/auth/access.js';
import { clientInfo } from '../../http/client-info.js';
import { SessionReader } from '../../queries/get-session/session-reader.js';
import { AdminUserReader } from '../../queries/list-admin-users/admin-user-reader.js';
import { SessionCookie } from '../../sessions/session-cookie.js';
import {
  AcceptInvitationCommand,
  ResendInvitationCommand,
  RevokeInvitationCommand,
} from './staff-invitation.commands.js';

@ApiTags('admin users')
@Controller('api/admin/users/:id/invitation')
export class StaffInvitationHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly reader: AdminUserReader,
  ) {}

  @Post()
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'E-mail a new invitation link (the previous one stops working)' })
  @ApiOkResponse({ standardSchema: adminUserSchema })
  @ApiConflictResponse({ description: 'Already has a password', standardSchema: errorBodySchema })
  async resend(@CurrentActor() actor: AuditActor, @Param('id') id: string): Promise<AdminUser> {
    await this.commandBus.execute(new ResendInvitationCommand(actor, id));
    return this.reader.get(id);
  }

  @Delete()
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Withdraw the pending invitation link' })
  @ApiOkResponse({ standardSchema: adminUserSchema })
  @ApiConflictResponse({ description: 'No pending invitation', standardSchema: errorBodySchema })
  async revoke(@CurrentActor() actor: AuditActor, @Param('id') id: string): Promise<AdminUser> {
    await this.commandBus.execute(new RevokeInvitationCommand(actor, id));
    return this.reader.get(id);
  }
}

@ApiTags('auth')
@Controller('api/auth/invitation/accept')
export class AcceptInvitationHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookie: SessionCookie,
    private readonly sessionReader: SessionReader,
  ) {}

  @Post()
  @Access('public')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Set your password from an invitation link; signs you in' })
  @ApiOkResponse({ standardSchema: sessionSchema })
  @ApiBadRequestResponse({
    description: 'Link expired, withdrawn or used; or a password the rules refuse',
    standardSchema: errorBodySchema,
  })
  async accept(
    @Body({ schema: acceptInvitationSchema }) input: AcceptInvitation,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Session> {
    const token = await this.commandBus.execute(
      new AcceptInvitationCommand(input, clientInfo(request)),
    );
    this.cookie.write(reply, token);
    return this.sessionReader.forToken(token);
  }
}
