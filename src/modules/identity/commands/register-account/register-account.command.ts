import { Command } from '@nestjs/cqrs';
import type { Registration } from '../../../../contracts/identity.js';

export class RegisterAccountCommand extends Command<void> {
  constructor(readonly registration: Registration) {
    super();
  }
}
