import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config.js';
import { grantAdmin } from './domain/grant-admin.js';

/**
 * The first admin: while the admin list is empty, the first ADMIN_EMAIL becomes an admin with
 * ADMIN_PASSWORD, or a generated password written to a file only the owner can read (not to the logs,
 * which may be shipped elsewhere). Later admins are added by admins.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const [email] = this.config.ADMIN_EMAIL;
    const result = await grantAdmin(this.em, email!, {
      password: this.config.ADMIN_PASSWORD,
      onlyIfNoAdmins: true,
    });
    if (!result) return;
    if (result.generatedPassword) {
      const file = await this.writePasswordFile(result.generatedPassword);
      this.logger.warn(
        `First admin ${result.email} created; its generated password is in ${file}. Log in, change it and delete the file (or set ADMIN_PASSWORD before the first start).`,
      );
    } else if (result.awaitingVerification) {
      this.logger.warn(
        `${result.email} is on the admin list but its account has not verified the e-mail: admin rights start once it does`,
      );
    } else {
      this.logger.log(`First admin: ${result.email}`);
    }
  }

  private async writePasswordFile(password: string): Promise<string> {
    const file = path.resolve(this.config.DATA_DIR, 'first-admin-password.txt');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    return file;
  }
}
