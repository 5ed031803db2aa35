import { Command } from '@nestjs/cqrs';
import type {
  RecoveryCodes,
  TwoFactorLogin,
  TwoFactorSetup,
} from '../../../../contracts/identity.js';
import type { AuthContext } from '../../../../platform/auth/access.js';
import type { ClientInfo } from '../../sessions/session-store.js';

/** A staff account starts enrolling: a new secret, shown once, pending until a code confirms it. */
export class SetUpTwoFactorCommand extends Command<TwoFactorSetup> {
  constructor(readonly auth: AuthContext) {
    super();
  }
}

/** A code of the pending secret turns two-factor sign-in on; resolves with the recovery codes. */
export class ConfirmTwoFactorCommand extends Command<RecoveryCodes> {
  constructor(
    readonly auth: AuthContext,
    readonly code: string,
    readonly ip: string,
  ) {
    super();
  }
}

/** A code (or a recovery code) turns two-factor sign-in off. */
export class DisableTwoFactorCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly code: string,
    readonly ip: string,
  ) {
    super();
  }
}

/** The second step of a sign-in: resolves with the new session's cookie token. */
export class CompleteTwoFactorLoginCommand extends Command<string> {
  constructor(
    readonly input: TwoFactorLogin,
    readonly client: ClientInfo & { ip: string },
  ) {
    super();
  }
}
