import { randomBytes, randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Account } from './account.entity.js';
import { AdminUser } from './admin-user.entity.js';
import { LOCK_ADMIN_LIST_SQL } from './admin-user-errors.js';
import { normalizeEmail } from './email-address.js';
import { hashPassword } from './password-hasher.js';

export interface GrantAdminResult {
  email: string;
  /** Set when an account was created with a generated password, which the operator must be shown. */
  generatedPassword?: string;
  /** The e-mail already had an account that has not verified it: no rights until it does. */
  awaitingVerification: boolean;
  addedToList: boolean;
  accountCreated: boolean;
}

/**
 * Puts an e-mail on the admin list as the operator's act: when the e-mail has no account yet, one is
 * created (with the given password, or a generated one) and counts as verified, since the operator
 * vouches for it. An existing unverified account stays unverified: whoever registered it first must
 * prove the address before getting any rights.
 */
export async function grantAdmin(
  rootEm: EntityManager,
  rawEmail: string,
  options: { password?: string; onlyIfNoAdmins?: boolean } = {},
): Promise<GrantAdminResult | undefined> {
  const email = normalizeEmail(rawEmail);
  return rootEm.fork().transactional(async (em) => {
    await em.getConnection().execute(LOCK_ADMIN_LIST_SQL, [], 'all', em.getTransactionContext());
    if (options.onlyIfNoAdmins && (await em.count(AdminUser)) > 0) return undefined;
    const listed = await em.findOne(AdminUser, { email });
    if (!listed) em.create(AdminUser, { id: randomUUID(), email, role: 'Admin' });
    let account = await em.findOne(Account, { email });
    let generatedPassword: string | undefined;
    const accountCreated = !account;
    if (!account) {
      generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
      account = em.create(Account, {
        id: randomUUID(),
        email,
        passwordHash: await hashPassword(options.password ?? generatedPassword!),
        emailVerifiedAt: new Date(),
        googleSub: null,
      });
    }
    return {
      email,
      generatedPassword,
      awaitingVerification: !account.emailVerifiedAt,
      addedToList: !listed,
      accountCreated,
    };
  });
}
