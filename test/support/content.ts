/**
 * Helpers for the content tests: valid sample records built from the registry's field types, the seed
 * paths with an id filled in, the signed-in clients (the env admin, a verified customer, a visitor)
 * and the rows a section has in the database (to prove that a refused write stored nothing).
 * It may be loaded outside Jest, so the checks use the standalone `expect` package (Jest's matchers),
 * not `@jest/globals`.
 */
import { expect } from 'expect';
import {
  type FieldDef,
  fieldMaxLength,
  findSection,
  type SectionDef,
} from '../../src/contracts/content/index.js';
import { type HttpClient, type HttpResponse } from './http-client.js';
import { asObject, assertStatus, createAccount, loginOk, uid } from './identity.js';
import { type IdentityApp, type IdentitySuite } from './identity-suite.js';

export type FieldValues = Record<string, string>;
export type EntryBody = { _id: string } & Record<string, string>;

export function sectionOf(key: string): SectionDef {
  const section = findSection(key);
  if (!section) throw new Error(`the registry has the section ${key}`);
  return section;
}

/**
 * A text for a field: `words` and `tag`, shaped to the field's own rule if it has one (a title
 * template holds one `%s`; a verification token has no spaces) and cut to its limit.
 */
function textOf(field: FieldDef, words: string, tag: string): string {
  const candidates = [
    `${words} ${tag}`,
    `%s | ${words} ${tag}`,
    `${words}-${tag}`.replace(/\s/g, '-'),
  ];
  const fitting = candidates
    .map((text) => text.slice(0, fieldMaxLength(field)))
    .find((text) => !field.pattern || field.pattern.regex.test(text));
  if (!fitting) throw new Error(`no sample text passes ${field.name}'s pattern`);
  return fitting;
}

/** A valid value for a field of the given type; `tag` makes it unique where the type allows. */
export function sampleValue(field: FieldDef, tag: string): string {
  switch (field.type) {
    case 'text':
    case 'longText':
      return textOf(field, 'Sample text', tag);
    case 'url':
      return `https://example.com/x/${tag}`;
    case 'image':
      return `/demo/x-${tag}-10x10.svg`;
    case 'email':
      return `sample-${tag}@example.com`;
    case 'numberText':
      return '25';
    case 'percent':
      return '80';
    case 'price':
      return '49.99';
    case 'select':
      return field.options![0]!;
  }
}

/** Another valid value than `sampleValue` gives, to see an update land. */
export function changedValue(field: FieldDef, tag: string): string {
  switch (field.type) {
    case 'text':
    case 'longText':
      return textOf(field, 'Changed text', tag);
    case 'url':
      return `https://example.com/changed/${tag}`;
    case 'image':
      return `https://example.com/changed-${tag}-20x20.png`;
    case 'email':
      return `changed-${tag}@example.com`;
    case 'numberText':
      return '99+';
    case 'percent':
      return '55';
    case 'price':
      return '120';
    case 'select':
      return field.options![field.options!.length - 1]!;
  }
}

/** Every field of the section (optional ones too) with a valid sample value. */
export function sampleRecord(section: SectionDef, tag = uid()): FieldValues {
  return Object.fromEntries(section.fields.map((field) => [field.name, sampleValue(field, tag)]));
}

/** The field an update test changes: the first text field, else the first field. */
export function fieldToChange(section: SectionDef): FieldDef {
  return (
    section.fields.find((field) => field.type === 'text' || field.type === 'longText') ??
    section.fields[0]!
  );
}

/** `/banner/{id}` → `/api/banner/<id>`; `/banner` → `/api/banner`. */
export const apiPath = (seedPath: string, id = '') => `/api${seedPath.replace('{id}', id)}`;

/** The fields of an entry body (without `_id`). */
export function fieldsOfEntry(body: unknown, what: string): FieldValues {
  const { _id, ...fields } = asObject(body, what) as EntryBody;
  // _id is a string (`what` stands beside it, so that a failure shows it).
  expect({ what, _id: typeof _id }).toStrictEqual({ what, _id: 'string' });
  return fields;
}

/** What the API echoes for a stored record: its fields and any alias spelled out too. */
export function withAliasesOf(section: SectionDef, record: FieldValues): FieldValues {
  const output: FieldValues = {};
  for (const field of section.fields) {
    const value = record[field.name];
    if (value === undefined || value === '') continue;
    output[field.name] = value;
    for (const alias of field.aliases ?? []) output[alias] = value;
  }
  return output;
}

export function entriesOf(response: HttpResponse, what: string): EntryBody[] {
  assertStatus(response, 200, what);
  // An array (`what` and the start of the answer stand beside the check, so that a failure shows them).
  const context = { what, answer: response.text.slice(0, 300) };
  expect({ ...context, isArray: Array.isArray(response.body) }).toStrictEqual({
    ...context,
    isArray: true,
  });
  return response.body as EntryBody[];
}

/** GET /api/content/:key — the section's records. */
export async function listEntries(client: HttpClient, key: string): Promise<EntryBody[]> {
  return entriesOf(await client.get(`/api/content/${key}`), `GET /api/content/${key}`);
}

/** Deletes every record of a section through the canonical API (204 each). */
/** The one record of a singleton section. */
export async function singletonEntry(client: HttpClient, key: string): Promise<EntryBody> {
  const entries = await listEntries(client, key);
  // The section has one record (a failure shows the records).
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

/** Only the section's own fields of an entry (no `_id`, no alias spellings). */
export function ownFields(key: string, entry: Record<string, unknown>): FieldValues {
  const names = new Set(sectionOf(key).fields.map((field) => field.name));
  return Object.fromEntries(
    Object.entries(entry).filter(([name]) => names.has(name)) as [string, string][],
  );
}

export async function emptySection(admin: HttpClient, key: string): Promise<void> {
  for (const entry of await listEntries(admin, key)) {
    const response = await admin.delete(`/api/content/${key}/${entry._id}`);
    assertStatus(response, 204, `DELETE /api/content/${key}/${entry._id}`);
  }
}

/** The number of records and of revisions a section has in the database. */
export async function storedCounts(
  suite: IdentitySuite,
  key: string,
): Promise<{ entries: number; revisions: number }> {
  const { rows } = await suite.db.query<{ entries: number; revisions: number }>(
    `SELECT (SELECT count(*)::int FROM content_entry WHERE section = $1) AS entries,
            (SELECT count(*)::int FROM content_revision WHERE section = $1) AS revisions`,
    [key],
  );
  return rows[0]!;
}

/** The stored data of one record, or undefined. */
export async function storedData(
  suite: IdentitySuite,
  id: string,
): Promise<FieldValues | undefined> {
  const { rows } = await suite.db.query<{ data: FieldValues }>(
    'SELECT data FROM content_entry WHERE id = $1',
    [id],
  );
  return rows[0]?.data;
}

export interface ContentClients {
  /** Signed in as the env admin. */
  admin: HttpClient;
  /** Signed in as a verified customer (not on the admin list). */
  customer: HttpClient;
  /** Signed out. */
  anonymous: HttpClient;
}

/** The three kinds of caller of the content API, against one app. */
export async function contentClients(
  suite: IdentitySuite,
  api: IdentityApp,
  adminEmail: string,
  adminPassword: string,
): Promise<ContentClients> {
  const admin = api.client();
  const account = await loginOk(admin, adminEmail, adminPassword);
  // The env admin is an admin.
  expect(account.isAdmin).toBe(true);
  const customer = api.client();
  const created = await createAccount(customer, suite.mailbox, api.publicUrl);
  const signedIn = await loginOk(customer, created.email, created.password);
  // The customer is not an admin.
  expect(signedIn.isAdmin).toBe(false);
  return { admin, customer, anonymous: api.client() };
}
