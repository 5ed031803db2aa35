import { NotFoundException } from '@nestjs/common';
import {
  CONTENT_MESSAGES,
  compactEntryData,
  type Entry,
  findSection,
  type SectionDef,
  sectionInputSchema,
  toEntryViewData,
} from '../../../contracts/content/index.js';
import { fieldMessages, ValidationFailedException } from '../../../platform/http/validation.js';
import { requireRecordId } from '../../../platform/http/record-id.js';

/** The registry entry of a section key from a URL; 404 for an unknown one. */
export function requireSection(key: string): SectionDef {
  const section = findSection(key);
  if (!section) throw new NotFoundException(CONTENT_MESSAGES.unknownSection);
  return section;
}

/** A record id from a URL (404 for one that is no UUID, like for an unknown one). */
export function requireEntryId(section: SectionDef, id: string): string {
  return requireRecordId(id, CONTENT_MESSAGES.notFound(section.label));
}

/** Checks a write against the section's schema: the stored data, or a 400 naming each bad field. */
export function validEntryData(section: SectionDef, input: unknown): Record<string, string> {
  const result = sectionInputSchema(section).safeParse(input ?? {});
  if (!result.success) throw new ValidationFailedException(fieldMessages(result.error.issues));
  return compactEntryData(result.data);
}

export function toEntryView(
  section: SectionDef,
  entry: { id: string; data: Record<string, string> },
): Entry {
  return toEntryViewData(section, entry.id, entry.data);
}
