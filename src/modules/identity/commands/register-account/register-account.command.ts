import { Command } from '@nestjs/cqrs';
import type { Credentials } from '../../../../contracts/identity.js';

export class RegisterAccountCommand extends Command<void> {
  constructor(readonly credentials: Credentials) {
    super();
  }
}
