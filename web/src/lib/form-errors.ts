import { type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Maps a server field path (`email`, `body.email`, `/email`…) onto one of a form's fields. */
export function toFieldName<T extends FieldValues>(
  path: string,
  names: readonly FieldPath<T>[],
): FieldPath<T> | undefined {
  const last = path.split(/[./]/).filter(Boolean).pop();
  return names.find((name) => name === path || name === last);
}

/**
 * Puts the server's per-field messages (`ApiError.fields`) onto the matching form fields,
 * focusing the first one. Returns whether any message found its field.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  names: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [path, message] of Object.entries(error.fields)) {
    const name = toFieldName<T>(path, names);
    if (!name) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
