import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { STAFF_AUTH_MESSAGES } from '../../../../contracts/identity.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Account } from '../../domain/account.entity.js';
import { consumeAccountToken } from '../../domain/account-tokens.js';
import { AdminUser } from '../../domain/admin-user.entity.js';
import { adminUserNotFound, requireAdminUserId } from '../../domain/admin-user-errors.js';
import { hashPassword } from '../../domain/password-hasher.js';
import { assertPasswordAllowed } from '../../domain/password-policy.js';
import { SessionStore } from '../../sessions/session-store.js';
import { inviteStaff, revokePendingInvitations } from './invite-staff.js';
import {
  AcceptInvitationCommand,
  ResendInvitationCommand,
  RevokeInvitationCommand,
} from './staff-invitation.commands.js';

async function findEntry(em: EntityManager, id: string): Promise<AdminUser> {
  const entry = await em.findOne(AdminUser, requireAdminUserId(id));
  if (!entry) throw adminUserNotFound();
  return entry;
}

@CommandHandler(ResendInvitationCommand)
export class ResendInvitationHandler implements ICommandHandler<ResendInvitationCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ actor, adminUserId }: ResendInvitationCommand): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const entry = await findEntry(em, adminUserId);
      // An entry listed before invitations existed may have no account yet: it gets one, passwordless.
      const account =
        (await em.findOne(Account, { email: entry.email })) ??
        em.create(Account, {
          id: randomUUID(),
          email: entry.email,
          passwordHash: null,
          emailVerifiedAt: null,
          googleSub: null,
          totpSecret: null,
          totpEnabledAt: null,
        });
      if (account.passwordHash || account.googleSub) {
        throw new ConflictException(STAFF_AUTH_MESSAGES.hasPassword);
      }
      await em.flush();
      await revokePendingInvitations(em, account.id);
      await this.outbox.commit(em, inviteStaff(em, actor, entry, account));
    });
  }
}

@CommandHandler(RevokeInvitationCommand)
export class RevokeInvitationHandler implements ICommandHandler<RevokeInvitationCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ actor, adminUserId }: RevokeInvitationCommand): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const entry = await findEntry(em, adminUserId);
      const account = await em.findOne(Account, { email: entry.email }, { fields: ['id'] });
      const revoked = account ? await revokePendingInvitations(em, account.id) : 0;
      if (revoked === 0) throw new ConflictException(STAFF_AUTH_MESSAGES.noInvitation);
      recordAudit(em, actor, {
        kind: 'admin-user.invitation-revoked',
        targetType: 'admin-user',
        targetId: entry.id,
        summary: `Invitation of ${entry.email} withdrawn`,
      });
      await em.flush();
    });
  }
}

/**
 * Sets the invitee's password from their link (once: used, withdrawn and expired links are refused
 * alike), proves their e-mail and signs them in.
 */
@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ input, client }: AcceptInvitationCommand): Promise<string> {
    assertPasswordAllowed(input.password, 'password');
    const passwordHash = await hashPassword(input.password);
    return this.em.fork().transactional(async (em) => {
      const consumed = await consumeAccountToken(em, input.token, 'invitation');
      const account = consumed ? await em.findOne(Account, consumed.accountId) : null;
      if (!consumed || !account || account.email !== consumed.email) {
        throw new BadRequestException(STAFF_AUTH_MESSAGES.invitationInvalid);
      }
      account.passwordHash = passwordHash;
      account.emailVerifiedAt ??= new Date();
      await revokePendingInvitations(em, account.id);
      // Whoever signed in before the address was proven (a registration of it) is signed out.
      await this.sessions.endAllOf(em, account.id);
      const actor: AuditActor = { accountId: account.id, email: account.email, ip: client.ip };
      recordAudit(em, actor, {
        kind: 'admin-user.invitation-accepted',
        targetType: 'account',
        targetId: account.id,
        summary: `${account.email} accepted their invitation`,
      });
      const token = this.sessions.start(em, account.id, client);
      await em.flush();
      return token;
    });
  }
}
