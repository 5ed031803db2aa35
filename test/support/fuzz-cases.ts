/**
 * Bad requests for the API fuzz test, derived from an operation and a valid example of its input:
 * malformed JSON, wrong types, missing and extra fields, `__proto__`/`constructor` keys, 100 kB strings,
 * NUL and unpaired surrogates, bad path parameters and query strings, bodies of the wrong type. All
 * randomness comes from a seeded generator, so every run sends the same requests.
 */

export type Random = () => number;

/** mulberry32: a small seeded generator, enough to vary inputs reproducibly. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

export function seededUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** Code units a careless parser or database may choke on, valid and not. */
const JUNK_UNITS = [
  'a',
  'Z',
  '9',
  ' ',
  '"',
  "'",
  '\\',
  '<',
  '%',
  '{',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\uffff',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  'e\u0301',
  'ü',
  '中',
];

/** A short string of junk code units (sometimes storable, sometimes not). */
export function junkText(random: Random): string {
  const length = 1 + Math.floor(random() * 24);
  return Array.from({ length }, () => pick(random, JUNK_UNITS)).join('');
}

export interface FuzzCase {
  /** What is bad about it, for failure messages. */
  label: string;
  /** Replacements of path parameters, spelled as they go on the wire. */
  pathParams?: Record<string, string>;
  /** A query string (without `?`). */
  query?: string;
  contentType?: string;
  body?: string;
  /** The body property made bad, when one is. */
  property?: string;
  /** The property holds text that cannot be stored: a 400 must name it. */
  badText?: boolean;
}

const json = 'application/json';

/** Values a text field must refuse (or, for the junk, may accept): one case per property each. */
function badValues(random: Random): { label: string; value: unknown; badText?: boolean }[] {
  return [
    { label: 'a number', value: 42 },
    { label: 'null', value: null },
    { label: 'an array', value: ['x'] },
    { label: 'an object', value: { $ne: '' } },
    { label: 'a NUL', value: 'a\u0000b', badText: true },
    { label: 'a lone high surrogate', value: 'x\ud800', badText: true },
    { label: 'a lone low surrogate', value: '\udfffy', badText: true },
    { label: '100 kB of text', value: 'x'.repeat(100_000) },
    { label: 'junk text', value: junkText(random) },
  ];
}

/** Malformed, mistyped and polluting bodies for an operation taking `valid` as its JSON body. */
export function jsonBodyCases(
  valid: Record<string, unknown>,
  properties: readonly string[],
  required: readonly string[],
  random: Random,
): FuzzCase[] {
  const validText = JSON.stringify(valid);
  const withKey = (key: string, value: string) =>
    `{"${key}":${value}${validText === '{}' ? '}' : `,${validText.slice(1)}`}`;
  const cases: FuzzCase[] = [
    { label: 'an empty JSON body', contentType: json, body: '' },
    { label: 'truncated JSON', contentType: json, body: validText.slice(0, -1) },
    { label: 'malformed JSON', contentType: json, body: '{"a":}' },
    { label: 'a raw NUL in JSON', contentType: json, body: '{"a":"\u0000"}' },
    { label: 'JSON null', contentType: json, body: 'null' },
    { label: 'a JSON string', contentType: json, body: '"text"' },
    { label: 'a JSON number', contentType: json, body: '42' },
    { label: 'an empty array', contentType: json, body: '[]' },
    { label: 'an array of the object', contentType: json, body: `[${validText}]` },
    { label: 'an empty object', contentType: json, body: '{}' },
    { label: 'an extra field', contentType: json, body: withKey('zzExtra', '"x"') },
    { label: 'an extra field named with NUL', contentType: json, body: withKey('a\\u0000', '"x"') },
    { label: 'a __proto__ key', contentType: json, body: withKey('__proto__', '{"isAdmin":true}') },
    {
      label: 'a constructor.prototype key',
      contentType: json,
      body: withKey('constructor', '{"prototype":{"isAdmin":true}}'),
    },
    { label: 'JSON as text/plain', contentType: 'text/plain', body: validText },
    {
      label: 'a form-encoded body',
      contentType: 'application/x-www-form-urlencoded',
      body: 'a=1&b=%00',
    },
    {
      label: 'a multipart body',
      contentType: 'multipart/form-data; boundary=fuzz',
      body: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--fuzz--\r\n',
    },
  ];
  for (const property of required) {
    const rest = { ...valid };
    delete rest[property];
    cases.push({ label: `${property} missing`, contentType: json, body: JSON.stringify(rest) });
  }
  for (const property of properties) {
    for (const { label, value, badText } of badValues(random)) {
      cases.push({
        label: `${property} is ${label}`,
        contentType: json,
        body: JSON.stringify({ ...valid, [property]: value }),
        property,
        badText,
      });
    }
  }
  return cases;
}

/** Bodies for an operation that takes none: only the parsers see them (a valid one would act). */
export function unexpectedBodyCases(): FuzzCase[] {
  return [
    { label: 'malformed JSON', contentType: json, body: '{"a":' },
    { label: 'JSON with a NUL', contentType: json, body: '{"a":"\u0000"' },
    { label: 'a __proto__ key', contentType: json, body: '{"__proto__":{"isAdmin":true}' },
    { label: 'text/plain', contentType: 'text/plain', body: 'x' },
    {
      label: 'a multipart body',
      contentType: 'multipart/form-data; boundary=fuzz',
      body: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nx\r\n--fuzz--\r\n',
    },
  ];
}

/** Path parameter values that name no record (on the wire; some are not even UTF-8). */
export function badPathValues(random: Random): string[] {
  const uuid = seededUuid(random);
  return [
    'not-a-uuid',
    '%00',
    'a%00b',
    `${uuid}%00`,
    '%ED%A0%80',
    '%C0%AF',
    '%F0%9F%98%80',
    '%20',
    '..',
    '%2e%2e%2fadmin',
    '__proto__',
    'constructor',
    'toString',
    '-1',
    `${uuid}x`,
    'x'.repeat(3000),
  ];
}

/** Query strings of junk, polluting keys and repeated keys. */
export const BAD_QUERIES = [
  'a=%00&b=%ED%A0%80&c=1&c=2',
  '__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1',
];

/** Bodies for the multipart upload route, none of which is one valid image. */
export function multipartCases(): FuzzCase[] {
  const type = 'multipart/form-data; boundary=fuzz';
  const part = (headers: string, content: string) => `--fuzz\r\n${headers}\r\n\r\n${content}\r\n`;
  const file = (name: string, content: string) =>
    part(
      `Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png`,
      content,
    );
  return [
    { label: 'no parts', contentType: type, body: '--fuzz--\r\n' },
    { label: 'an empty body', contentType: type, body: '' },
    {
      label: 'a field, no file',
      contentType: type,
      body: `${part('Content-Disposition: form-data; name="file"', 'x')}--fuzz--\r\n`,
    },
    { label: 'a text file', contentType: type, body: `${file('a.png', 'hello')}--fuzz--\r\n` },
    {
      label: 'a NUL in the file name',
      contentType: type,
      body: `${file('a\u0000.png', 'x')}--fuzz--\r\n`,
    },
    {
      label: 'two files',
      contentType: type,
      body: `${file('a.png', 'x')}${file('b.png', 'y')}--fuzz--\r\n`,
    },
    {
      label: 'an unterminated part',
      contentType: type,
      body: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx',
    },
    { label: 'no boundary', contentType: 'multipart/form-data', body: 'x' },
    { label: 'JSON instead of multipart', contentType: json, body: '{"file":"x"}' },
    {
      label: 'a file larger than the limit',
      contentType: type,
      body: `${file('big.png', 'x'.repeat(40_000))}--fuzz--\r\n`,
    },
  ];
}
