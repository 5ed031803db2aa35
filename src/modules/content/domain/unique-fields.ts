import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import { CONTENT_MESSAGES, type SectionDef } from '../../../contracts/content/index.js';

/**
 * Refuses (409) a write that would give a unique field (the registry's `unique`, e.g. the page of a
 * Page SEO entry) a value another record of the section holds. Runs in the write's transaction, under
 * a lock per section held until the commit, so two writes of one value cannot both pass.
 */
export async function assertUniqueFields(
  em: EntityManager,
  section: SectionDef,
  data: Record<string, string>,
  entryId: string,
): Promise<void> {
  const fields = section.fields.filter((field) => field.unique && data[field.name] !== undefined);
  if (fields.length === 0) return;
  const connection = em.getConnection();
  const transaction = em.getTransactionContext();
  await connection.execute(
    'select pg_advisory_xact_lock(hashtext(?))',
    [`content_unique:${section.key}`],
    'all',
    transaction,
  );
  for (const field of fields) {
    const value = data[field.name]!;
    const taken = await connection.execute<{ id: string }[]>(
      'select id from content_entry where section = ? and data ->> ? = ? and id <> ? limit 1',
      [section.key, field.name, value, entryId],
      'all',
      transaction,
    );
    if (taken.length > 0) {
      throw new ConflictException(CONTENT_MESSAGES.valueTaken(section.label, field.label, value));
    }
  }
}
