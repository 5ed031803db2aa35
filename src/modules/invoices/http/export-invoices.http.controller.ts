import { Controller, Get, type StreamableFile } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiTags } from '@nestjs/swagger';
import { INVOICE_CSV_HEADER } from '../../../contracts/invoices.js';
import { Access } from '../../../platform/auth/access.js';
import {
  CSV_CHUNK_ROWS,
  csvAttachment,
  CsvExportRoute,
  type Keyset,
  keysetCsv,
  SQL_ISO_UTC,
} from '../../../platform/http/csv-export.js';

interface InvoiceCsvRow {
  id: string;
  number: string;
  kind: string;
  reverses: string | null;
  issued_at: string;
  order_id: string;
  buyer: { name: string; email: string; address: string | null; country: string | null };
  seller: { name: string };
  line: string;
  currency: string;
  amount: string;
  capture_id: string | null;
  cursor_at: string;
}

/** Every invoice and credit note for the accountant, newest first, streamed in chunks. */
@ApiTags('invoices')
@Controller('api/admin/invoices')
export class ExportInvoicesHttpController {
  constructor(private readonly em: EntityManager) {}

  @Get('export.csv')
  @Access('admin')
  @CsvExportRoute(
    'Every invoice and credit note as a CSV download, newest first, streamed',
    `Columns: ${INVOICE_CSV_HEADER.join(', ')}. Amounts are exact decimals (negative on a credit note); dates ISO 8601, UTC. A cell starting with = + - or @ gets a leading apostrophe.`,
  )
  async export(): Promise<StreamableFile> {
    const csv = await keysetCsv(
      INVOICE_CSV_HEADER,
      (after) => this.chunk(after),
      (row) => [
        row.number,
        row.kind === 'invoice' ? 'Invoice' : 'Credit note',
        row.reverses ?? '',
        row.issued_at,
        row.order_id,
        row.buyer.name,
        row.buyer.email,
        [row.buyer.address, row.buyer.country].filter(Boolean).join(', '),
        row.line,
        row.currency,
        row.amount,
        row.capture_id ?? '',
        row.seller.name,
      ],
    );
    return csvAttachment(csv, `invoices-${new Date().toISOString().slice(0, 10)}.csv`);
  }

  private chunk(after?: Keyset): Promise<InvoiceCsvRow[]> {
    const params: string[] = [];
    let where = '';
    if (after) {
      where = 'where (i.issued_at, i.id) < (cast(? as timestamptz), cast(? as uuid))';
      params.push(after.at, after.id);
    }
    return this.em.getConnection().execute<InvoiceCsvRow[]>(
      `select i.id, i.number, i.kind, r.number as reverses, i.order_id, i.buyer, i.seller, i.line,
              i.currency, i.amount::text as amount, i.capture_id,
              to_char(i.issued_at at time zone 'UTC', ${SQL_ISO_UTC}) as issued_at,
              i.issued_at::text as cursor_at
         from invoice i left join invoice r on r.id = i.references_id
         ${where}
        order by i.issued_at desc, i.id desc
        limit ${CSV_CHUNK_ROWS}`,
      params,
    );
  }
}
