import { Command } from '@nestjs/cqrs';
import type { ChangePassword } from '../../../../contracts/identity.js';
import type { AuthContext } from '../../../../platform/auth/access.js';

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly input: ChangePassword,
    readonly clientIp: string,
  ) {
    super();
  }
}
