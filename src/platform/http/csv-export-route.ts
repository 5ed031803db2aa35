import type { Readable } from 'node:stream';
import { applyDecorators, Header, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { errorBodySchema } from '../../contracts/errors.js';

// The HTTP side of the CSV exports (csv-export.ts makes the files): read by controllers only.

/** The CSV as a download (an attachment named `filename`). */
export function csvAttachment(csv: Readable, filename: string): StreamableFile {
  return new StreamableFile(csv, {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${filename}"`,
  });
}

/** A CSV export route's documentation and its no-store caching. */
export function CsvExportRoute(summary: string, description: string) {
  return applyDecorators(
    Header('cache-control', 'no-store'),
    ApiOperation({ summary, description }),
    ApiProduces('text/csv'),
    ApiOkResponse({
      description: 'The CSV file, as an attachment',
      content: { 'text/csv': { schema: { type: 'string' } } },
    }),
    ApiBadRequestResponse({ description: 'Invalid query', standardSchema: errorBodySchema }),
  );
}
