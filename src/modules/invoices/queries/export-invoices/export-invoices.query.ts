import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';

/** Every invoice and credit note, newest first, as a CSV byte stream read from the database on demand. */
export class ExportInvoicesQuery extends Query<Readable> {}
