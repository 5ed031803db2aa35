import { describe, expect, it } from '@jest/globals';
import { subscribersCsvFilename } from '../../src/modules/newsletter/queries/export-subscribers/subscriber-csv.js';
import { csvCell, csvRow } from '../../src/platform/http/csv-export.js';

describe('the subscribers CSV', () => {
  it('leaves plain cells as they are', () => {
    for (const value of ['ada@example.com', 'confirmed', '2026-11-26T01:02:03.004Z', '']) {
      expect(csvCell(value)).toBe(value);
    }
  });

  it('makes cells that a spreadsheet would run as formulas inert with a leading apostrophe', () => {
    expect(csvCell('=1+2@evil.test')).toBe("'=1+2@evil.test");
    expect(csvCell('+sum@evil.test')).toBe("'+sum@evil.test");
    expect(csvCell('-2@evil.test')).toBe("'-2@evil.test");
    expect(csvCell('@cmd@evil.test')).toBe("'@cmd@evil.test");
    expect(csvCell('\tx@evil.test')).toBe("'\tx@evil.test");
    expect(csvCell('\rx@evil.test')).toBe(`"'\rx@evil.test"`);
    // Only the first character counts.
    expect(csvCell('a=b@example.com')).toBe('a=b@example.com');
  });

  it('quotes cells with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('a,b@example.com')).toBe('"a,b@example.com"');
    expect(csvCell('"a"@example.com')).toBe('"""a""@example.com"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    // Escaped, then quoted: the apostrophe stays inside the quotes.
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe(
      `"'=HYPERLINK(""http://evil.test"",""x"")"`,
    );
  });

  it('ends each row with CRLF', () => {
    expect(csvRow(['Email', 'Status'])).toBe('Email,Status\r\n');
    expect(csvRow(['-x@evil.test', 'pending', ''])).toBe("'-x@evil.test,pending,\r\n");
  });

  it('names the file after the day (UTC) and the status', () => {
    const now = new Date('2026-11-26T23:59:59.999Z');
    expect(subscribersCsvFilename(undefined, now)).toBe('subscribers-2026-11-26.csv');
    expect(subscribersCsvFilename('confirmed', now)).toBe('subscribers-confirmed-2026-11-26.csv');
  });
});
