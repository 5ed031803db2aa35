import { NotFoundException } from '@nestjs/common';
import { isUuid } from '../../contracts/ids.js';

/**
 * A record id from a URL, checked before it reaches the database. Records are keyed by UUIDs, so
 * anything else names no record: 404, as for a UUID that names none, whatever the method (a 400
 * would tell a client to fix a request that no spelling of it can fix).
 */
export function requireRecordId(id: string, notFoundMessage: string): string {
  if (!isUuid(id)) throw new NotFoundException(notFoundMessage);
  return id;
}
