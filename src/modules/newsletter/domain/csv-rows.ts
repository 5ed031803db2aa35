import type { Readable } from 'node:stream';

/** A file that is not CSV text: not UTF-8, or with NUL bytes (a spreadsheet's binary format, an image). */
export class NotCsvError extends Error {
  constructor() {
    super('Not a CSV text file');
    this.name = 'NotCsvError';
  }
}

/**
 * The records of RFC 4180 CSV read from a byte stream as it arrives: quoted cells (with `""` and line
 * breaks inside), CRLF, LF or CR line ends, a UTF-8 byte-order mark dropped, blank lines skipped. Only
 * the record being read is held, never the file. (No CSV library is a dependency of the project; this
 * reader is the few lines RFC 4180 needs.)
 */
export async function* csvRecords(input: Readable | AsyncIterable<Uint8Array | string>) {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  /** Inside quotes, a `"` just read: the end of the quotes, or the first half of `""`. */
  let quoteSeen = false;
  let cellStarted = false;
  let afterCr = false;
  const endRecord = function* () {
    record.push(cell);
    const done = record;
    record = [];
    cell = '';
    cellStarted = false;
    if (!(done.length === 1 && done[0] === '')) yield done;
  };
  const decode = (chunk: Uint8Array | string, stream: boolean) => {
    try {
      return typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream });
    } catch {
      throw new NotCsvError();
    }
  };
  const consume = function* (text: string) {
    if (text.includes('\0')) throw new NotCsvError();
    for (const char of text) {
      if (afterCr) {
        afterCr = false;
        if (char === '\n') continue;
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (char === '"') {
            cell += '"';
            continue;
          }
          quoted = false; // the closing quote: the character is read as outside quotes
        } else if (char === '"') {
          quoteSeen = true;
          continue;
        } else {
          cell += char;
          continue;
        }
      }
      if (char === '"' && !cellStarted) {
        quoted = true;
        cellStarted = true;
      } else if (char === ',') {
        record.push(cell);
        cell = '';
        cellStarted = false;
      } else if (char === '\n' || char === '\r') {
        afterCr = char === '\r';
        yield* endRecord();
      } else {
        cell += char;
        cellStarted = true;
      }
    }
  };
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
    yield* consume(decode(chunk, true));
  }
  yield* consume(decode(new Uint8Array(0), false));
  if (quoteSeen) quoted = false;
  if (cell !== '' || record.length > 0) yield* endRecord();
}
