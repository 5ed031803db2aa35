import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { INVOICE_CSV_HEADER } from '../../../../contracts/invoices.js';
import {
  CSV_CHUNK_ROWS,
  type Keyset,
  keysetCsv,
  SQL_ISO_UTC,
} from '../../../../platform/http/csv-export.js';
import { ExportInvoicesQuery } from './export-invoices.query.js';

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

/** Newest first by (issued_at, id), in chunks (keysetCsv). */
@QueryHandler(ExportInvoicesQuery)
export class ExportInvoicesHandler implements IQueryHandler<ExportInvoicesQuery> {
  constructor(private readonly em: EntityManager) {}

  execute(): Promise<Readable> {
    return keysetCsv(
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
