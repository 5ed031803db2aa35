/** Uploads of files for an order (POST /api/orders/{id}/files), as the order page sends them. */
import type { HttpClient, HttpResponse } from './http-client.js';

export function uploadOrderFile(
  client: HttpClient,
  orderId: string,
  bytes: Uint8Array | string,
  name: string,
  kind?: 'order-attachment' | 'deliverable',
): Promise<HttpResponse> {
  const body = new FormData();
  body.append('file', new Blob([bytes as BlobPart]), name);
  const query = kind ? `?kind=${kind}` : '';
  return client.request('POST', `/api/orders/${orderId}/files${query}`, { body });
}

/** The smallest valid PDF with one line of text, for uploads that must be recognised as PDF. */
export function tinyPdf(text = 'Report'): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
