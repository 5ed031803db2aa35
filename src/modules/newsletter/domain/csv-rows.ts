import { once } from 'node:events';
import type { Readable } from 'node:stream';

/**
 * A file that is not CSV text: not UTF-8, with NUL bytes (a spreadsheet's binary format, an image), or
 * whose quotes never close.
 */
export class NotCsvError extends Error {
  constructor(detail = 'Not a CSV text file') {
    super(detail);
    this.name = 'NotCsvError';
  }
}

/**
 * The records of RFC 4180 CSV read from a byte stream as it arrives, by csv-parse: quoted cells (with
 * `""` and line breaks inside), CRLF, LF or CR line ends (mixed too), a UTF-8 byte-order mark dropped,
 * blank lines skipped, rows of any length, a stray quote inside an unquoted cell kept as written. The
 * bytes are checked as UTF-8 text first (a decoder that refuses bad sequences, and no NUL). Only the
 * records being read are held, never the file. csv-parse is read on the first file.
 */
export async function* csvRecords(
  input: Readable | AsyncIterable<Uint8Array | string>,
): AsyncGenerator<string[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const text = (chunk: Uint8Array | string, stream: boolean): string => {
    let decoded: string;
    try {
      decoded = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream });
    } catch {
      throw new NotCsvError();
    }
    if (decoded.includes('\0')) throw new NotCsvError();
    return decoded;
  };
  const { CsvError, parse } = await import('csv-parse');
  const parser = parse({
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  });
  // The bytes go in as they arrive (waiting while the parser is full); a refusal ends the parsing.
  const feeding = (async () => {
    try {
      for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
        if (!parser.write(text(chunk, true))) await once(parser, 'drain');
      }
      parser.end(text(new Uint8Array(0), false));
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    if (error instanceof CsvError) throw new NotCsvError(`Not a CSV text file: ${error.message}`);
    throw error;
  } finally {
    parser.destroy();
    await feeding;
  }
}
