import { AUTH_MESSAGES } from '../../../contracts/identity.js';
import { ValidationFailedException } from '../../../platform/http/validation.js';
import { isCommonPassword } from './common-passwords.js';

/** On top of the shared schema's length rules: the server refuses the most common passwords. */
export function assertPasswordAllowed(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new ValidationFailedException({ [field]: AUTH_MESSAGES.commonPassword });
  }
}
