import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundException } from '@nestjs/common';
import { REDIRECT_TEXTS } from '../../../../contracts/seo-redirects.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';

/** A malformed id is the same 404 as an unknown one. */
export const requireHitId = (id: string) => requireRecordId(id, REDIRECT_TEXTS.hitNotFound);

/** The 404 row, locked for the transaction (404 when there is none). */
export async function lockedHit(
  em: EntityManager,
  id: string,
): Promise<{ path: string; count: string }> {
  const [hit] = await em.execute<{ path: string; count: string }[]>(
    'select "path", "count" from "seo_not_found" where "id" = ? for update',
    [id],
  );
  if (!hit) throw new NotFoundException(REDIRECT_TEXTS.hitNotFound);
  return hit;
}

export const removeHit = (em: EntityManager, id: string) =>
  em.execute('delete from "seo_not_found" where "id" = ?', [id]);
