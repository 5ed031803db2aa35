import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs SQL (`?` parameters) in `em`'s transaction, when it is in one, and gives back the rows. */
export function sqlIn(em: EntityManager) {
  return <T extends object = object>(text: string, params: unknown[] = []): Promise<T[]> =>
    em.getConnection().execute<T[]>(text, params, 'all', em.getTransactionContext());
}
