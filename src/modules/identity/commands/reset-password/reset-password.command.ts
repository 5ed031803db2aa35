import { Command } from '@nestjs/cqrs';
import type { ResetPassword } from '../../../../contracts/identity.js';

export class ResetPasswordCommand extends Command<void> {
  constructor(readonly input: ResetPassword) {
    super();
  }
}
