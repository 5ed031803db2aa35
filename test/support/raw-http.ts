/**
 * One HTTP/1.1 request whose target goes on the request line exactly as written, for what fetch
 * cannot send: the absolute form (`POST http://host:port/api/x HTTP/1.1`), percent-encodings and dot
 * segments that a URL parser would normalise, and bodies of any bytes under any content type.
 */
import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent as is on the request line. */
  target: string;
  /** Host defaults to 127.0.0.1:PORT; Content-Length is set from the body. */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: http.IncomingHttpHeaders;
  /** The body as text. */
  body: string;
  /** The body's bytes as received (still compressed when the answer has a Content-Encoding). */
  bytes: Buffer;
  /** The body parsed when it is JSON, else undefined. */
  json: unknown;
}

/** One connection per request: nothing stays open to keep a test process alive after its server stopped. */
const agent = new http.Agent({ keepAlive: false });

export function rawHttpRequest(
  port: number,
  request: RawRequest,
  timeoutMs = 15_000,
): Promise<RawResponse> {
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  return send(port, request, body?.length ?? 0, body, timeoutMs);
}

/**
 * Sends only the head of a request that announces `contentLength` bytes of body, and reads the answer.
 * For a server that refuses a body by its Content-Length: it answers without reading the body, so
 * none is sent. (Writing it would race the server's close: the write fails with EPIPE, or a reset
 * drops the answer before it is read.) A server that waits for the body gets no answer: a timeout.
 */
export function rawHttpRequestHead(
  port: number,
  request: Omit<RawRequest, 'body'> & { contentLength: number },
  timeoutMs = 15_000,
): Promise<RawResponse> {
  return send(port, request, request.contentLength, undefined, timeoutMs);
}

function send(
  port: number,
  request: Omit<RawRequest, 'body'>,
  contentLength: number,
  body: Uint8Array | undefined,
  timeoutMs: number,
): Promise<RawResponse> {
  const what = `${request.method} ${request.target.slice(0, 200)}`;
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.target,
        headers: {
          host: `127.0.0.1:${port}`,
          ...request.headers,
          'content-length': String(contentLength),
        },
        timeout: timeoutMs,
        agent,
      },
      (incoming) => {
        answered = true;
        // An event stream does not end: its answer is the status and headers.
        if (String(incoming.headers['content-type']).startsWith('text/event-stream')) {
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: '',
            bytes: Buffer.alloc(0),
            json: undefined,
          });
          outgoing.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          let json: unknown;
          if (String(incoming.headers['content-type']).includes('json')) {
            try {
              json = JSON.parse(text);
            } catch {
              // left undefined: the assertions show the text
            }
          }
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: text,
            bytes,
            json,
          });
          if (!body) outgoing.destroy();
        });
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`${what}: no answer in ${timeoutMs} ms`)),
    );
    // A server may answer (413) and close before a large body is written: the answer is what counts.
    outgoing.on('error', (error) => {
      if (!answered) reject(new Error(`${what}: ${error.message}`, { cause: error }));
    });
    if (body) outgoing.end(body);
    else outgoing.flushHeaders();
  });
}
