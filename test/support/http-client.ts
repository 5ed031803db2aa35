/**
 * A small cookie-keeping HTTP client for integration tests, like a browser tab without JavaScript:
 * it keeps the cookies each origin sets (one jar per origin, so an app and an OpenID provider on
 * two ports of 127.0.0.1 never see each other's cookies), sends them back, and never follows
 * redirects by itself (`followRedirects` does it step by step).
 */

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased (`httponly`, `samesite`, `path`, `secure`, `max-age`…). */
  attributes: Record<string, string | true>;
  /** The header as received. */
  raw: string;
}

/** Parses one Set-Cookie header value. */
export function parseSetCookie(raw: string): SetCookie {
  const [pair = '', ...rest] = raw.split(';');
  const eq = pair.indexOf('=');
  const name = (eq === -1 ? pair : pair.slice(0, eq)).trim();
  const value = eq === -1 ? '' : pair.slice(eq + 1).trim();
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const index = part.indexOf('=');
    const key = (index === -1 ? part : part.slice(0, index)).trim().toLowerCase();
    if (!key) continue;
    attributes[key] = index === -1 ? true : part.slice(index + 1).trim();
  }
  return { name, value, attributes, raw };
}

function isRemoval(cookie: SetCookie): boolean {
  const maxAge = cookie.attributes['max-age'];
  if (typeof maxAge === 'string' && Number(maxAge) <= 0) return true;
  const expires = cookie.attributes.expires;
  if (typeof expires === 'string' && Date.parse(expires) <= Date.now()) return true;
  return cookie.value === '' && maxAge === undefined && expires !== undefined;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The body as text (empty for an event stream, whose body never ends: only its head is read). */
  text: string;
  /** The body as received (for binary answers such as images). */
  bytes: Uint8Array;
  /** Parsed JSON when the content type says JSON, else the text. */
  body: unknown;
  /** The Set-Cookie headers of this response, parsed. */
  setCookies: SetCookie[];
  /** The Location header resolved against the request URL, when there is one. */
  location: string | undefined;
  url: string;
}

export type RawBody = string | URLSearchParams | FormData | Blob | Uint8Array<ArrayBuffer>;

export interface RequestOptions {
  /** Sent as JSON with content-type application/json. */
  json?: unknown;
  /** A raw body (form posts…; a FormData is sent as multipart/form-data with its boundary). */
  body?: RawBody;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Do not send this client's cookies (nor keep the ones set). */
  withoutCookies?: boolean;
}

export class HttpClient {
  /** origin → cookie name → value */
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    /** Relative paths are resolved against it (e.g. http://127.0.0.1:PORT). */
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** A client with a copy of this one's cookies (a second tab sharing nothing afterwards). */
  clone(): HttpClient {
    const copy = new HttpClient(this.baseUrl, this.defaultHeaders);
    for (const [origin, jar] of this.jars) copy.jars.set(origin, new Map(jar));
    return copy;
  }

  private jar(url: string | URL): Map<string, string> {
    const origin = new URL(url, this.baseUrl).origin;
    let jar = this.jars.get(origin);
    if (!jar) {
      jar = new Map();
      this.jars.set(origin, jar);
    }
    return jar;
  }

  /** A cookie's value for an origin (default: baseUrl's). */
  cookie(name: string, origin: string = this.baseUrl): string | undefined {
    return this.jar(origin).get(name);
  }

  setCookie(name: string, value: string, origin: string = this.baseUrl): void {
    this.jar(origin).set(name, value);
  }

  deleteCookie(name: string, origin: string = this.baseUrl): void {
    this.jar(origin).delete(name);
  }

  clearCookies(): void {
    this.jars.clear();
  }

  /** The Cookie header this client would send to `url`. */
  cookieHeader(url: string = this.baseUrl): string {
    return [...this.jar(url)].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const url = new URL(path, this.baseUrl).toString();
    const headers: Record<string, string> = { ...this.defaultHeaders };
    let body: RawBody | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (!options.withoutCookies) {
      const cookie = this.cookieHeader(url);
      if (cookie) headers.cookie = cookie;
    }
    Object.assign(headers, options.headers ?? {});
    const timeoutMs = options.timeoutMs ?? 15_000;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new Error(`${method} ${url} did not answer within ${timeoutMs} ms: ${String(error)}`, {
        cause: error,
      });
    }
    const contentType = response.headers.get('content-type') ?? '';
    // An event stream does not end: its answer is the status and headers (see event-stream.ts to read it).
    const streaming = contentType.startsWith('text/event-stream');
    if (streaming) await response.body?.cancel();
    const bytes = streaming ? new Uint8Array() : new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown = text;
    if (contentType.includes('json') && text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        // keep the text: assertions show it
      }
    }
    const setCookies = response.headers.getSetCookie().map(parseSetCookie);
    if (!options.withoutCookies) {
      const jar = this.jar(url);
      for (const cookie of setCookies) {
        if (isRemoval(cookie)) jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
    }
    const locationHeader = response.headers.get('location');
    return {
      status: response.status,
      headers: response.headers,
      text,
      bytes,
      body: parsed,
      setCookies,
      location: locationHeader === null ? undefined : new URL(locationHeader, url).toString(),
      url,
    };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }

  post(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('POST', path, json === undefined ? options : { ...options, json });
  }

  put(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request('PUT', path, json === undefined ? options : { ...options, json });
  }

  delete(path: string, options?: RequestOptions) {
    return this.request('DELETE', path, options);
  }

  /**
   * GETs `url`, then each Location in turn, until `stop(url)` says the next URL is not to be
   * fetched (it is returned instead) or a response is not a redirect. At most `max` steps.
   */
  async followRedirects(
    url: string,
    stop: (next: string) => boolean = () => false,
    max = 20,
  ): Promise<{ stoppedAt?: string; last: HttpResponse; visited: string[] }> {
    const visited: string[] = [];
    let next = url;
    for (let step = 0; step < max; step++) {
      visited.push(next);
      const response = await this.get(next);
      if (response.status < 300 || response.status >= 400 || !response.location) {
        return { last: response, visited };
      }
      if (stop(response.location)) return { stoppedAt: response.location, last: response, visited };
      next = response.location;
    }
    throw new Error(`more than ${max} redirects from ${url}:\n${visited.join('\n')}`);
  }
}
