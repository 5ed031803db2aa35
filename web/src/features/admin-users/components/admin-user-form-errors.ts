import { type AdminUserInputValues } from '@contracts/identity';
import { type UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';

/**
 * Puts a failed save's message where it belongs: on the fields the server named, else on the
 * e-mail for a conflict (it is already listed). Returns the message left for the form itself.
 */
export function applyAdminUserError(
  error: unknown,
  message: string,
  setError: UseFormSetError<AdminUserInputValues>,
): string | null {
  if (applyServerFieldErrors(error, ['userEmail', 'userRole'], setError)) return null;
  if (error instanceof ApiError && error.statusCode === 409) {
    setError('userEmail', { type: 'server', message }, { shouldFocus: true });
    return null;
  }
  return message;
}
