import { z } from 'zod';
import { fieldSchema } from './fields.js';
import {
  type MediaManifest,
  UPLOADED_IMAGE_URL,
  VARIANT_FORMATS,
  VARIANTS_STATUSES,
} from './media-variants.js';
import { SECTIONS, type SectionDef, type SectionKey } from './sections.js';

/**
 * A stored record of a section, as the API sends it: the seed's string `_id` and its fields (with
 * any accepted alias spelled out too, e.g. both aboutImgOne and aboutImg).
 */
export const entrySchema = z
  .object({ _id: z.string() })
  .catchall(z.string())
  .meta({ id: 'ContentEntry' });
export type Entry = z.infer<typeof entrySchema>;

/** Every section's entries: what the public pages need, in one answer. */
const mediaVariantSchema = z
  .object({
    width: z.number().int(),
    height: z.number().int(),
    format: z.enum(VARIANT_FORMATS),
    url: z.string(),
    size: z.number().int().describe('Bytes'),
  })
  .meta({ id: 'MediaVariant' });

export const contentSnapshotSchema = z
  .object({
    sections: z.record(z.string(), z.array(entrySchema)),
    media: z
      .record(
        z.string(),
        z.object({
          width: z.number().int(),
          height: z.number().int(),
          variants: z.array(mediaVariantSchema),
        }),
      )
      .optional()
      .describe(
        'The uploaded images the sections show whose responsive variants (AVIF, WebP) are made, ' +
          'by URL: for `srcset`. An image not listed is shown as uploaded.',
      ),
  })
  .meta({ id: 'ContentSnapshot' });
export type ContentSnapshot = { sections: Record<SectionKey, Entry[]>; media?: MediaManifest };

const schemas = new Map<string, z.ZodType<Record<string, string>>>();

/**
 * The write schema of a section: every field by its rule, unknown fields refused. Alias spellings are
 * read as their field; an `_id` sent back by an old client is ignored.
 */
export function sectionInputSchema(section: SectionDef): z.ZodType<Record<string, string>> {
  let schema = schemas.get(section.key);
  if (!schema) {
    const shape = Object.fromEntries(
      section.fields.map((field) => [field.name, fieldSchema(field)]),
    );
    const aliases = section.fields.flatMap((field) =>
      (field.aliases ?? []).map((alias) => [alias, field.name] as const),
    );
    schema = z.preprocess((input) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
      const data: Record<string, unknown> = { ...input };
      delete data._id;
      for (const [alias, name] of aliases) {
        if (alias in data) {
          if (!(name in data)) data[name] = data[alias];
          delete data[alias];
        }
      }
      return data;
    }, z.strictObject(shape)) as unknown as z.ZodType<Record<string, string>>;
    schemas.set(section.key, schema);
  }
  return schema;
}

/** Drops empty optional fields, so that absent and empty mean the same. */
export function compactEntryData(data: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data).filter((pair): pair is [string, string] => Boolean(pair[1])),
  );
}

/**
 * A record's fields in the registry's order (storage may reorder them), with aliases spelled out next
 * to their field for clients of the old site.
 */
export function withAliases(
  section: SectionDef,
  data: Record<string, string>,
): Record<string, string> {
  const output: Record<string, string> = {};
  for (const field of section.fields) {
    const value = data[field.name];
    if (value === undefined) continue;
    output[field.name] = value;
    for (const alias of field.aliases ?? []) output[alias] = value;
  }
  return output;
}

/** A record as the API sends it: `_id` and its fields (aliases spelled out too). */
export function toEntryViewData(
  section: SectionDef,
  id: string,
  data: Record<string, string>,
): Entry {
  return { _id: id, ...withAliases(section, data) };
}

export const REVISION_ACTIONS = ['created', 'updated', 'deleted', 'restored'] as const;

/** One write to a section: who, when, and the entry before and after. */
export const revisionSchema = z
  .object({
    _id: z.string(),
    entryId: z.string(),
    section: z.string(),
    action: z.enum(REVISION_ACTIONS),
    before: z.record(z.string(), z.string()).nullable(),
    after: z.record(z.string(), z.string()).nullable(),
    actorEmail: z.string().nullable(),
    at: z.iso.datetime(),
    /** Made by publishing a draft (by hand or at its scheduled time). */
    published: z.boolean().optional(),
  })
  .meta({ id: 'ContentRevision' });
export type Revision = z.infer<typeof revisionSchema>;

/** An uploaded image. The URL names its size (`…-1200x800.webp`) so pages can reserve the space. */
export const mediaSchema = z
  .object({
    url: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'Media' });
export type Media = z.infer<typeof mediaSchema>;

/** An uploaded image as the admins see it: with its variants, or where making them stands. */
export const mediaDetailsSchema = z
  .object({
    url: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    createdAt: z.iso.datetime(),
    variantsStatus: z.enum(VARIANTS_STATUSES),
    variants: z.array(mediaVariantSchema),
    error: z.string().nullable(),
  })
  .meta({ id: 'MediaDetails' });
export type MediaDetails = z.infer<typeof mediaDetailsSchema>;

/** GET /api/admin/media?url=/uploads/<name>: which uploaded image. */
export const mediaDetailsQuerySchema = z.object({
  url: z.string({ error: 'url is required' }).regex(UPLOADED_IMAGE_URL, {
    error: "url must be an uploaded image's address, /uploads/<name>",
  }),
});
export type MediaDetailsQuery = z.output<typeof mediaDetailsQuerySchema>;

export { imageSizeFromUrl } from './image-size.js';

export const CONTENT_MESSAGES = {
  singletonExists: (label: string) =>
    `${label} already exists: there is only one, edit it instead of adding another.`,
  valueTaken: (label: string, fieldLabel: string, value: string) =>
    `There is already a ${label} entry with ${fieldLabel} ${value}: edit that one instead of adding another.`,
  notFound: (label: string) => `No such ${label} entry.`,
  unknownSection: 'No such section.',
} as const;

export const SECTION_LIST = SECTIONS as readonly SectionDef[];
