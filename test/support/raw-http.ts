/**
 * One HTTP/1.1 request written byte for byte on a socket, for request targets that fetch cannot send:
 * the absolute form (`POST http://host:port/api/x HTTP/1.1`) or a path whose percent-encoding must
 * reach the server as written.
 */
import net from 'node:net';

export interface RawRequest {
  method: string;
  /** Sent as is on the request line. */
  target: string;
  /** Host defaults to 127.0.0.1:PORT; Content-Length and Connection: close are added. */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** Everything after the header block, as received (not de-chunked). */
  body: string;
}

export function rawHttpRequest(
  port: number,
  request: RawRequest,
  timeoutMs = 15_000,
): Promise<RawResponse> {
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    ...request.headers,
    'content-length': String(body?.length ?? 0),
    connection: 'close',
  };
  const head =
    `${request.method} ${request.target} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (body) socket.write(body);
    });
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(
        new Error(`${request.method} ${request.target}: no answer in ${timeoutMs} ms`),
      ),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = (split === -1 ? text : text.slice(0, split)).split(
        '\r\n',
      );
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
      if (!status) return reject(new Error(`not an HTTP answer: ${text.slice(0, 200)}`));
      const responseHeaders: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0)
          responseHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status,
        headers: responseHeaders,
        body: split === -1 ? '' : text.slice(split + 4),
      });
    });
  });
}
