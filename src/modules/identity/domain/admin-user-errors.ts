import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { ADMIN_USER_MESSAGES } from '../../../contracts/identity.js';
import { requireRecordId } from '../../../platform/http/record-id.js';
import { AdminUser } from './admin-user.entity.js';

const NOT_FOUND = 'Admin user not found';

/** An admin user's id from a URL (404 for one that is no UUID). */
export const requireAdminUserId = (id: string) => requireRecordId(id, NOT_FOUND);
export const adminUserNotFound = () => new NotFoundException(NOT_FOUND);

export const duplicateAdminUser = () => new ConflictException(ADMIN_USER_MESSAGES.duplicate);
/** Flushes an added or edited entry: an e-mail already on the list (its unique index) is a 409. */
export async function flushAdminUser(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw duplicateAdminUser();
    throw error;
  }
}

export const lastAdminUser = () => new ConflictException(ADMIN_USER_MESSAGES.lastAdmin);
export const ownAdminUser = () => new ConflictException(ADMIN_USER_MESSAGES.yourself);
export const lastAdminRole = () => new ConflictException(ADMIN_USER_MESSAGES.lastAdminRole);

/** Whether an entry is the only one with the role Admin (whose removal or demotion is refused). */
export async function isLastAdmin(em: EntityManager, entry: { role: string }): Promise<boolean> {
  return entry.role === 'Admin' && (await em.count(AdminUser, { role: 'Admin' })) <= 1;
}

/** Serialises changes to the admin list, so two admins cannot remove each other at once. */
export const LOCK_ADMIN_LIST_SQL = `select pg_advisory_xact_lock(hashtext('admin_user'))`;
