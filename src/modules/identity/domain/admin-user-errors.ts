import { ConflictException } from '@nestjs/common';
import { ADMIN_USER_MESSAGES } from '../../../contracts/identity.js';

export const duplicateAdminUser = () => new ConflictException(ADMIN_USER_MESSAGES.duplicate);
export const lastAdminUser = () => new ConflictException(ADMIN_USER_MESSAGES.lastAdmin);
export const ownAdminUser = () => new ConflictException(ADMIN_USER_MESSAGES.yourself);

/** Serialises changes to the admin list, so two admins cannot remove each other at once. */
export const LOCK_ADMIN_LIST_SQL = `select pg_advisory_xact_lock(hashtext('admin_user'))`;
