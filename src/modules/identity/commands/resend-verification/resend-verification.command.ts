import { Command } from '@nestjs/cqrs';
import type { Account } from '../../../../contracts/identity.js';

/** Asks for a new verification link for the signed-in account. Answers false if it is verified already. */
export class ResendVerificationCommand extends Command<boolean> {
  constructor(readonly account: Account) {
    super();
  }
}
