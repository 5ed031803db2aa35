import { Controller, Get, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { INVOICE_CSV_HEADER } from '../../../../contracts/invoices.js';
import { Access } from '../../../../platform/auth/access.js';
import { csvAttachment, CsvExportRoute } from '../../../../platform/http/csv-export-route.js';
import { ExportInvoicesQuery } from './export-invoices.query.js';

/** Every invoice and credit note for the accountant, newest first, streamed in chunks. */
@ApiTags('invoices')
@Controller('api/admin/invoices')
export class ExportInvoicesHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('export.csv')
  @Access('admin')
  @CsvExportRoute(
    'Every invoice and credit note as a CSV download, newest first, streamed',
    `Columns: ${INVOICE_CSV_HEADER.join(', ')}. Amounts are exact decimals (negative on a credit note); dates ISO 8601, UTC. A cell starting with = + - or @ gets a leading apostrophe.`,
  )
  async export(): Promise<StreamableFile> {
    const csv = await this.queryBus.execute(new ExportInvoicesQuery());
    return csvAttachment(csv, `invoices-${new Date().toISOString().slice(0, 10)}.csv`);
  }
}
