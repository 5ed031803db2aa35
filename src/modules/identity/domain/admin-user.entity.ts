import { defineEntity, p } from '@mikro-orm/core';
import { USER_ROLES } from '../../../contracts/identity.js';

/** An e-mail on the admin users list (spec §3 User). Rights also need a verified account with it. */
export const AdminUserSchema = defineEntity({
  name: 'AdminUser',
  tableName: 'admin_user',
  properties: {
    id: p.uuid().primary(),
    email: p.string().length(254).unique(),
    role: p.enum(USER_ROLES).default('Admin'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class AdminUser extends AdminUserSchema.class {}
AdminUserSchema.setClass(AdminUser);
