import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import {
  type AdminInvoicePage,
  INVOICE_TEXTS,
  invoicePdfPath,
  type InvoiceSummary,
} from '../../../contracts/invoices.js';
import { ORDER_TEXTS } from '../../../contracts/orders.js';
import { isUuid } from '../../../contracts/ids.js';
import type { InvoiceDocument } from './invoice-pdf.js';

/** Who reads: a customer reads the invoices of their own orders (by e-mail), an admin every one. */
export interface InvoiceReader {
  email: string;
  isAdmin: boolean;
}

interface InvoiceRow {
  id: string;
  number: string;
  kind: 'invoice' | 'credit-note';
  reverses: string | null;
  seller: InvoiceDocument['seller'];
  buyer: InvoiceDocument['buyer'];
  line: string;
  currency: string;
  amount: string;
  issued_at: Date;
  capture_id: string | null;
}

const SELECT = `
  select i.id, i.number, i.kind, r.number as reverses, i.seller, i.buyer, i.line, i.currency,
         i.amount::text as amount, i.issued_at, i.capture_id
    from invoice i
    join "order" o on o.id = i.order_id
    left join invoice r on r.id = i.references_id`;

/** The reader's own orders only, unless an admin: someone else's reads as no such record. */
const OWNED = `(?::boolean or o.customer_email = lower(?))`;

/** Invoices as their customer or an admin reads them: anyone else's is a 404, like an unknown id. */
@Injectable()
export class Invoices {
  constructor(private readonly em: EntityManager) {}

  async ofOrder(orderId: string, reader: InvoiceReader): Promise<InvoiceSummary[]> {
    if (!isUuid(orderId)) throw new NotFoundException(ORDER_TEXTS.notYours);
    const em = this.em.fork();
    const [order] = await em.execute(`select 1 from "order" o where o.id = ? and ${OWNED}`, [
      orderId,
      reader.isAdmin,
      reader.email,
    ]);
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    const rows = await em.execute<InvoiceRow[]>(
      `${SELECT} where i.order_id = ? order by i.issued_at, i.number`,
      [orderId],
    );
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      reverses: row.reverses,
      currency: row.currency,
      amount: row.amount,
      issuedAt: new Date(row.issued_at).toISOString(),
      pdfUrl: invoicePdfPath(row.id),
    }));
  }

  async document(id: string, reader: InvoiceReader): Promise<InvoiceDocument> {
    if (!isUuid(id)) throw new NotFoundException(INVOICE_TEXTS.notFound);
    const [row] = await this.em
      .fork()
      .execute<InvoiceRow[]>(`${SELECT} where i.id = ? and ${OWNED}`, [
        id,
        reader.isAdmin,
        reader.email,
      ]);
    if (!row) throw new NotFoundException(INVOICE_TEXTS.notFound);
    return {
      number: row.number,
      kind: row.kind,
      reverses: row.reverses,
      seller: row.seller,
      buyer: row.buyer,
      line: row.line,
      currency: row.currency,
      amount: row.amount,
      issuedAt: new Date(row.issued_at),
      captureId: row.capture_id,
    };
  }

  /** One page of every invoice and credit note, newest first (admins; the id breaks ties). */
  async page(page: number, pageSize: number): Promise<AdminInvoicePage> {
    const em = this.em.fork();
    const [rows, [count]] = await Promise.all([
      em.execute<(InvoiceRow & { order_id: string })[]>(
        `select i.id, i.number, i.kind, r.number as reverses, i.order_id, i.buyer, i.currency,
                i.amount::text as amount, i.issued_at
           from invoice i left join invoice r on r.id = i.references_id
          order by i.issued_at desc, i.id desc
          limit ? offset ?`,
        [pageSize, (page - 1) * pageSize],
      ),
      em.execute<{ total: string }[]>(`select count(*)::text as total from invoice`),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        number: row.number,
        kind: row.kind,
        reverses: row.reverses,
        currency: row.currency,
        amount: row.amount,
        issuedAt: new Date(row.issued_at).toISOString(),
        pdfUrl: invoicePdfPath(row.id),
        orderId: row.order_id,
        buyerName: row.buyer.name,
        buyerEmail: row.buyer.email,
        buyerCompany: row.buyer.companyName ?? null,
      })),
      total: Number(count?.total ?? 0),
      page,
      pageSize,
    };
  }
}
