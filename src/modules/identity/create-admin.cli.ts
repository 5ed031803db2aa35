import { MikroORM } from '@mikro-orm/postgresql';
import { accountEmail } from '../../contracts/identity.js';
import { ConfigError } from '../../platform/config/app-config.js';
import { ormOptions } from '../../platform/database/orm-options.js';
import { Account } from './domain/account.entity.js';
import { AccountToken } from './domain/account-token.entity.js';
import { AdminUser } from './domain/admin-user.entity.js';
import { grantAdmin } from './domain/grant-admin.js';
import { Session } from './domain/session.entity.js';

/** `npm run admin:create -- <email>`: the operator's way to add an admin to a running deployment. */
export async function createAdminFromCommandLine(
  databaseUrl: string,
  rawEmail: string,
  password: string | undefined,
): Promise<string> {
  const parsed = accountEmail.safeParse(rawEmail);
  if (!parsed.success) throw new ConfigError(`--create-admin: "${rawEmail}" is not a valid e-mail`);
  const orm = await MikroORM.init({
    ...ormOptions(databaseUrl),
    entities: [Account, Session, AccountToken, AdminUser],
  });
  try {
    const result = (await grantAdmin(orm.em, parsed.data, { password }))!;
    const lines = [
      result.addedToList
        ? `${result.email} is now on the admin users list.`
        : `${result.email} was already on the admin users list.`,
    ];
    if (result.generatedPassword) {
      lines.push(`Its account was created with the password: ${result.generatedPassword}`);
      lines.push('Log in and change it from the dashboard.');
    } else if (result.accountCreated) {
      lines.push('Its account was created with ADMIN_PASSWORD.');
    } else if (result.awaitingVerification) {
      lines.push('Its account has not verified the e-mail yet: admin rights start once it does.');
    }
    return lines.join('\n');
  } finally {
    await orm.close();
  }
}
