/**
 * The server-rendered home page in the benchmark: its bytes as the product sends them (as is and in
 * brotli), written to files the baseline serves from memory, and the API process's memory (RSS)
 * before and after a burst of connections on `/`, as issue 24 measured it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';

export interface PageFiles {
  /** The page as is (`PAGE_FILE` of the baseline). */
  plain: string;
  /** The page in brotli, as the product sends it (`PAGE_BR_FILE`). */
  brotli: string;
}

async function bytesOf(url: string, acceptEncoding?: string): Promise<Buffer> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const coding = response.headers['content-encoding'];
        if (response.statusCode !== 200 || coding !== acceptEncoding) {
          reject(new Error(`GET ${url}: ${response.statusCode}, encoding ${String(coding)}`));
        } else resolve(Buffer.concat(chunks));
      });
    })
      .on('error', reject)
      .end();
  });
}

/** Saves the product's `/` (as is and in brotli) into `dir`, for the baseline to send. */
export async function savePage(baseUrl: string, dir: string): Promise<PageFiles> {
  const files = { plain: path.join(dir, 'page.html'), brotli: path.join(dir, 'page.html.br') };
  await writeFile(files.plain, await bytesOf(`${baseUrl}/`));
  await writeFile(files.brotli, await bytesOf(`${baseUrl}/`, 'br'));
  return files;
}

/** The resident memory of a process now, in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024;
}

/** `connections` clients asking for `url` for `seconds`, as fast as it answers: its req/s. */
export async function burst(url: string, connections: number, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10 });
  return result.requests.average;
}

export interface MemoryReport {
  atRestMb: number;
  afterMb: number;
  burstConnections: number;
  burstSeconds: number;
  burstReqPerSec: number;
}

export function memoryReport(report: MemoryReport, target: number): string {
  const ratio = report.afterMb / report.atRestMb;
  return (
    `API RSS: ${report.atRestMb.toFixed(0)} MB at rest, ${report.afterMb.toFixed(0)} MB after the ` +
    `runs (including ${report.burstConnections} connections on GET / for ${report.burstSeconds} s, ` +
    `${report.burstReqPerSec.toFixed(0)} req/s)\n` +
    `target "API RSS after the runs ≤ ${target}× at rest": ${ratio <= target ? 'MET' : 'NOT MET'} ` +
    `(${ratio.toFixed(2)}×)\n`
  );
}
