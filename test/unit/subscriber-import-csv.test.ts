/**
 * The subscriber import's CSV reader (records as a byte stream arrives, whatever the chunking) and the
 * mapping guessed from a file's headers.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { guessImportMapping } from '../../src/contracts/subscriber-import.js';
import { csvRecords, NotCsvError } from '../../src/modules/newsletter/domain/csv-rows.js';

async function read(chunks: (string | Uint8Array)[]): Promise<string[][]> {
  const records: string[][] = [];
  for await (const record of csvRecords(
    Readable.from(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))),
  )) {
    records.push(record);
  }
  return records;
}

/** The same text cut into chunks of `size` bytes (a UTF-8 character may be cut in two). */
const chunked = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
};

describe('csvRecords', () => {
  const text =
    '\uFEFFemail,name,status\r\n' +
    'ann@example.test,"Smith, Ann",confirmed\r\n' +
    '\r\n' +
    '"bob@example.test","Bob ""the builder""\nJr.",\n' +
    'zoë@example.test,Zoë\r' +
    'last@example.test,,pending';
  const expected = [
    ['email', 'name', 'status'],
    ['ann@example.test', 'Smith, Ann', 'confirmed'],
    ['bob@example.test', 'Bob "the builder"\nJr.', ''],
    ['zoë@example.test', 'Zoë'],
    ['last@example.test', '', 'pending'],
  ];

  it('reads quoted cells, escaped quotes, line breaks in quotes, CRLF, LF and CR, and drops the BOM and blank lines', async () => {
    expect(await read([text])).toStrictEqual(expected);
  });

  it('reads the same records however the bytes are cut', async () => {
    for (const size of [1, 2, 3, 7])
      expect(await read(chunked(text, size))).toStrictEqual(expected);
  });

  it('refuses bytes that are not UTF-8 text, or NUL characters', async () => {
    await expect(read([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])])).rejects.toThrow(
      NotCsvError,
    );
    await expect(read(['email\n', 'a@b.co\0\n'])).rejects.toThrow(NotCsvError);
  });

  it('keeps a stray quote inside an unquoted cell, and refuses quotes that never close', async () => {
    expect(await read(['email,name\nann@example.test,Ann "Annie" Smith\n'])).toStrictEqual([
      ['email', 'name'],
      ['ann@example.test', 'Ann "Annie" Smith'],
    ]);
    await expect(read(['email,name\n"ann@example.test,Ann\n'])).rejects.toThrow(NotCsvError);
  });
});

describe('guessImportMapping', () => {
  it('finds the e-mail, name and status columns by their usual headers', () => {
    expect(guessImportMapping(['Name', 'E-mail', 'Status'])).toStrictEqual({
      email: 1,
      name: 0,
      status: 2,
    });
    expect(guessImportMapping([' Email Address ', 'notes'])).toStrictEqual({
      email: 0,
      name: null,
      status: null,
    });
    expect(guessImportMapping(['a', 'b'])).toStrictEqual({ email: null, name: null, status: null });
  });
});
