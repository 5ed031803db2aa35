import { describe, expect, it } from '@jest/globals';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  formatAmount,
  type InvoiceDocument,
  renderInvoicePdf,
  winAnsi,
} from '../../src/modules/invoices/domain/invoice-pdf.js';

const doc: InvoiceDocument = {
  number: 'INV-2026-000123',
  kind: 'invoice',
  reverses: null,
  seller: { name: 'SEO Agency', address: '500 Congress Ave, Austin', email: 'hello@seo.example' },
  buyer: {
    name: 'Łukasz Żółć 李雷 🎉',
    email: 'lukasz@example.test',
    address: null,
    country: null,
  },
  line: 'Premium',
  currency: 'USD',
  amount: '1234567.05',
  issuedAt: new Date('2026-03-11T10:00:00Z'),
  captureId: '5O190127TN364715T',
};

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  return text;
}

describe('invoice PDFs', () => {
  it('formats exact decimal strings with thousands separators, never through a float', () => {
    expect(formatAmount('1234567.05')).toBe('1,234,567.05');
    expect(formatAmount('-499.00')).toBe('-499.00');
    expect(formatAmount('0.1')).toBe('0.10');
    expect(formatAmount('90071992547409931.99')).toBe('90,071,992,547,409,931.99');
  });

  it('keeps WinAnsi text, drops accents Helvetica cannot write, and replaces the rest with ?', () => {
    expect(winAnsi('Café – “Zürich” €5')).toBe('Café – “Zürich” €5');
    expect(winAnsi('Łukasz Żółć Şahin')).toBe('Lukasz Zólc Sahin');
    expect(winAnsi('李雷 🎉')).toBe('?? ?');
  });

  it('renders an invoice whose text reads back, whatever the characters of the names', async () => {
    const text = await textOf(await renderInvoicePdf(doc));
    expect(text).toContain('Invoice INV-2026-000123');
    expect(text).toContain('Lukasz Zólc ?? ?');
    expect(text).toContain('lukasz@example.test');
    expect(text).toContain('USD 1,234,567.05');
    expect(text).toContain('PayPal transaction: 5O190127TN364715T');
    expect(text).toContain('Paid on 2026-03-11');
  });

  it('breaks a long address into lines that stay in its column', async () => {
    const address = Array.from({ length: 20 }, (_, i) => `Street${i}`).join(' ');
    const text = await textOf(
      await renderInvoicePdf({ ...doc, seller: { ...doc.seller, address } }),
    );
    const lines = text.split('\n').filter((line) => line.includes('Street'));
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ').match(/Street\d+/g)).toHaveLength(20);
  });

  it('a credit note names the invoice it reverses', async () => {
    const text = await textOf(
      await renderInvoicePdf({
        ...doc,
        kind: 'credit-note',
        number: 'INV-2026-000124',
        reverses: 'INV-2026-000123',
        amount: '-499.00',
      }),
    );
    expect(text).toContain('Credit note INV-2026-000124');
    expect(text).toContain('Reverses invoice INV-2026-000123');
    expect(text).toContain('USD -499.00');
    expect(text).toContain('Refunded on 2026-03-11');
  });
});
