/**
 * A small server-sent events client for integration tests: it opens a stream with fetch (cookies and
 * headers as given), parses the `id:`/`event:`/`data:`/`retry:` fields and `:` comments as a browser's
 * EventSource would, and keeps what it received so a test can poll for it.
 */
import type { HttpClient } from './http-client.js';
import { pollUntil } from './net.js';

export interface StreamEvent {
  /** The `id:` field in force when it was dispatched (EventSource's lastEventId). */
  id: string;
  /** `event:` (default `message`). */
  type: string;
  data: string;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The error body when the server refused the stream (not 200). */
  body: string;
  /** Events dispatched so far, in order. */
  readonly events: StreamEvent[];
  /** Comment lines (without the colon and its space), e.g. `heartbeat`. */
  readonly comments: string[];
  /** The last `retry:` value, in ms. */
  readonly retryMs: number | undefined;
  /** The id the client would send as Last-Event-ID now (set by `id:` lines, with or without data). */
  readonly lastEventId: string;
  /** Settles when the server ended the stream (or it was closed). */
  readonly ended: Promise<void>;
  readonly isEnded: boolean;
  /** Waits for the first event matching `predicate` among those received (or to come). */
  waitFor(
    predicate: (event: StreamEvent) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<StreamEvent>;
  close(): void;
}

export interface OpenStreamOptions {
  /** Whose cookies to send. */
  client?: HttpClient;
  lastEventId?: string;
  headers?: Record<string, string>;
}

/** Opens `path` on `baseUrl` (or the client's) as an event stream. */
export async function openEventStream(
  baseUrl: string,
  path: string,
  options: OpenStreamOptions = {},
): Promise<EventStream> {
  const url = new URL(path, baseUrl).toString();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  const cookie = options.client?.cookieHeader(url);
  if (cookie) headers.cookie = cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });

  const events: StreamEvent[] = [];
  const comments: string[] = [];
  let retryMs: number | undefined;
  let lastEventId = options.lastEventId ?? '';
  let isEnded = false;
  let body = '';

  // The parser of the HTML standard's "event stream interpretation", kept to what tests need.
  let dataLines: string[] = [];
  let type = '';
  const dispatch = () => {
    if (dataLines.length > 0) {
      events.push({ id: lastEventId, type: type || 'message', data: dataLines.join('\n') });
    }
    dataLines = [];
    type = '';
  };
  const field = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return void comments.push(line.slice(1).trimStart());
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'data') dataLines.push(value);
    else if (name === 'event') type = value;
    else if (name === 'id' && !value.includes('\0')) lastEventId = value;
    else if (name === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  };

  const read = async () => {
    if (response.status !== 200 || !response.body) {
      body = await response.text();
      return;
    }
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of response.body) {
        pending += decoder.decode(chunk as Uint8Array, { stream: true });
        const lines = pending.split(/\r\n|\r|\n/);
        pending = lines.pop() ?? '';
        for (const line of lines) field(line);
      }
    } catch {
      // closed by us, or the connection dropped: either way the stream has ended
    }
  };
  const ended = read().finally(() => {
    isEnded = true;
  });
  if (response.status !== 200) await ended;

  return {
    status: response.status,
    headers: response.headers,
    get body() {
      return body;
    },
    events,
    comments,
    get retryMs() {
      return retryMs;
    },
    get lastEventId() {
      return lastEventId;
    },
    ended,
    get isEnded() {
      return isEnded;
    },
    waitFor: (predicate, what, timeoutMs = 20_000) =>
      pollUntil(() => events.find(predicate), { timeoutMs, intervalMs: 50, what }),
    close: () => abort.abort(),
  };
}
