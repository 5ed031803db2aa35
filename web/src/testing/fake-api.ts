import { jest } from '@jest/globals';

export interface ApiCall {
  method: string;
  /** The path and query, as requested (`/api/admin/audit?page=1&pageSize=20`). */
  url: URL;
  body: unknown;
}

/** An answer: the status and the JSON body. */
export type ApiAnswer = [status: number, body: unknown];

/**
 * Replaces `fetch` with a fake API: `answer` is asked for each request (by its method and URL), and
 * may answer later (a promise; one never settled: a request still under way); unknown requests get a
 * 404. Returns the calls made, in order. Restore `fetch` after the test.
 */
export function fakeApi(
  answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer> | undefined,
): ApiCall[] {
  const calls: ApiCall[] = [];
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url: new URL(String(input), 'http://app.test'),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    };
    calls.push(call);
    const [status, body] = (await answer(call)) ?? [
      404,
      { statusCode: 404, message: `No fake for ${call.method} ${call.url.pathname}` },
    ];
    return { ok: status < 400, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return calls;
}

/** An error body as the server sends it. */
export const errorBody = (statusCode: number, message: string) => ({ statusCode, message });
