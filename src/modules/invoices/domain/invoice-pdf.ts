import type { PDFFont } from 'pdf-lib';
import type { BuyerDetails, SellerDetails } from './issue-invoice.js';

/** An invoice or credit note as stored, to render. */
export interface InvoiceDocument {
  number: string;
  kind: 'invoice' | 'credit-note';
  /** The number of the invoice a credit note reverses. */
  reverses: string | null;
  seller: SellerDetails;
  buyer: BuyerDetails;
  line: string;
  currency: string;
  /** An exact decimal string, as PostgreSQL gives numeric(12,2). */
  amount: string;
  issuedAt: Date;
  captureId: string | null;
}

/** A logo to print at the top: the bytes of a PNG or JPEG (anything else is never passed). */
export interface InvoiceLogo {
  bytes: Uint8Array;
  type: 'png' | 'jpeg';
}

/** PNG or JPEG by their first bytes (the stored content type is not trusted); else null. */
export function logoType(bytes: Uint8Array): InvoiceLogo['type'] | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  return null;
}

/** What Helvetica writes: Windows-1252 (WinAnsi), printable. */
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
/** Letters that Unicode does not decompose into a base letter and an accent. */
const BASE_LETTER: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
};

/**
 * Helvetica (a standard PDF font, nothing embedded) writes WinAnsi only, and pdf-lib throws on any
 * other character: those become their letter without its accent where there is one (ő → o, ł → l),
 * else "?" (CJK, emoji…). Line breaks become spaces.
 */
export function winAnsi(text: string): string {
  return [...text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')]
    .map((char) => {
      if (WIN_ANSI.test(char)) return char;
      const base = BASE_LETTER[char] ?? char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return base && WIN_ANSI.test(base) ? base : '?';
    })
    .join('');
}

/** "1234.5" → "1,234.50", from the decimal string's digits: never through a float. */
export function formatAmount(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The document as an A4 PDF, with text (not drawings of text): what PDF readers, search and the
 * tests read back.
 */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  logo: InvoiceLogo | null = null,
): Promise<Uint8Array> {
  // Read at the first invoice: a process that renders none (the worker, most API processes) never
  // holds pdf-lib (≈ 1 MB of source with its fonts and pako).
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const title = doc.kind === 'invoice' ? 'Invoice' : 'Credit note';
  pdf.setTitle(`${title} ${doc.number}`);
  pdf.setAuthor(winAnsi(doc.seller.name));
  pdf.setCreationDate(doc.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const write = (text: string, options: { size?: number; font?: PDFFont; x?: number } = {}) => {
    page.drawText(winAnsi(text), {
      x: options.x ?? 50,
      y,
      size: options.size ?? 11,
      font: options.font ?? regular,
    });
  };
  /**
   * A block of text in a column `width` wide, broken between words (a long address) and at its own
   * line breaks (a multi-line address).
   */
  const block = (text: string, x: number, width: number, size = 11) => {
    for (const paragraph of text.split(/\r?\n/)) {
      let current = '';
      for (const word of winAnsi(paragraph).split(' ')) {
        const next = current ? `${current} ${word}` : word;
        if (current && regular.widthOfTextAtSize(next, size) > width) {
          line(current, { x, size });
          current = word;
        } else {
          current = next;
        }
      }
      if (current) line(current, { x, size });
    }
  };
  const line = (text: string, options: { size?: number; font?: PDFFont; x?: number } = {}) => {
    write(text, options);
    y -= (options.size ?? 11) + 6;
  };

  if (logo) {
    // At most 160×60 points at the top right, its proportions kept; a broken image is left out.
    try {
      const image =
        logo.type === 'png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
      const scale = Math.min(160 / image.width, 60 / image.height, 1);
      const width = image.width * scale;
      const height = image.height * scale;
      page.drawImage(image, { x: 545 - width, y: 810 - height, width, height });
    } catch {
      // Not a PNG or JPEG pdf-lib can read after all: the invoice without it.
    }
  }
  line(`${title} ${doc.number}`, { size: 20, font: bold });
  y -= 6;
  line(`Date: ${day(doc.issuedAt)}`);
  if (doc.reverses) line(`Reverses invoice ${doc.reverses}`);
  y -= 12;

  const top = y;
  line('From', { font: bold });
  const sellerTaxId = doc.seller.taxId ? `Tax ID: ${doc.seller.taxId}` : null;
  for (const text of [doc.seller.name, doc.seller.address, doc.seller.email, sellerTaxId]) {
    if (text) block(text, 50, 250);
  }
  const sellerEnd = y;
  y = top;
  line('Bill to', { font: bold, x: 320 });
  const buyerTaxId = doc.buyer.taxId ? `Tax ID: ${doc.buyer.taxId}` : null;
  for (const text of [
    doc.buyer.companyName,
    doc.buyer.name,
    doc.buyer.email,
    doc.buyer.address,
    doc.buyer.country,
    buyerTaxId,
  ]) {
    if (text) block(text, 320, 225);
  }
  y = Math.min(y, sellerEnd) - 24;

  line('Description', { font: bold });
  y += 17;
  write(`Amount (${doc.currency})`, { font: bold, x: 420 });
  y -= 17;
  page.drawLine({ start: { x: 50, y: y + 12 }, end: { x: 545, y: y + 12 }, thickness: 0.5 });
  write(doc.line);
  line(formatAmount(doc.amount), { x: 420 });
  y -= 6;
  line(`Total: ${doc.currency} ${formatAmount(doc.amount)}`, { font: bold, x: 320 });
  y -= 18;
  line(
    doc.kind === 'invoice' ? `Paid on ${day(doc.issuedAt)}` : `Refunded on ${day(doc.issuedAt)}`,
  );
  if (doc.captureId) line(`PayPal transaction: ${doc.captureId}`);
  if (doc.seller.footer) {
    y = Math.min(y - 24, 90);
    page.drawLine({ start: { x: 50, y: y + 14 }, end: { x: 545, y: y + 14 }, thickness: 0.5 });
    block(doc.seller.footer, 50, 495, 9);
  }
  return pdf.save();
}
