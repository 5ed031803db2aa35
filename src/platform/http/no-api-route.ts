import type { ErrorBody } from '../../contracts/errors.js';

/** The answer to an API path no route serves; a route hiding from a caller answers it too. */
export function noApiRoute(method: string, path: string): ErrorBody {
  return { statusCode: 404, error: 'Not Found', message: `No API route ${method} ${path}` };
}
