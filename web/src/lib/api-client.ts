import type { ErrorBody } from '@contracts/errors';
import { setTabIdHeader } from './tab-id';

/** Field path -> first message, as sent in `ErrorBody.fields`. */
export type ApiFieldErrors = Record<string, string>;

/** The server answered with an error status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields: ApiFieldErrors = {},
    /** The HTTP reason phrase from the body (`ErrorBody.error`), when there is one. */
    readonly error?: string,
  ) {
    super(message);
  }
}

const UNREACHABLE = 'Could not reach the server. Please try again.';

/** The request never got an answer (offline, DNS, server down, CORS…). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(options?: { cause?: unknown }) {
    super(UNREACHABLE, options);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'The request was not valid.',
  401: 'Please log in to continue.',
  403: 'You are not allowed to do that.',
  404: 'The requested resource was not found.',
  409: 'This conflicts with existing data.',
  413: 'The request is too large.',
  429: 'Too many requests. Please wait a moment and try again.',
  502: UNREACHABLE,
  503: 'The service is temporarily unavailable. Please try again shortly.',
  504: 'The server took too long to answer. Please try again.',
};

function fallbackMessage(status: number): string {
  return (
    FALLBACK_MESSAGES[status] ??
    (status >= 500
      ? 'Something went wrong on our side. Please try again later.'
      : `The request failed (${status}).`)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a body as JSON when possible; `undefined` when empty, the raw text otherwise. */
async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  return parseBody(text);
}

/** The JSON of a body's text; `undefined` when empty, the raw text otherwise. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Builds an `ApiError` from whatever the server sent, tolerating bodies that are not `ErrorBody`. */
export function toApiError(response: { status: number }, body: unknown): ApiError {
  if (!isRecord(body)) {
    return new ApiError(response.status, fallbackMessage(response.status));
  }
  const partial = body as Partial<Record<keyof ErrorBody, unknown>>;
  const statusCode = typeof partial.statusCode === 'number' ? partial.statusCode : response.status;
  let message = fallbackMessage(statusCode);
  if (typeof partial.message === 'string' && partial.message.trim() !== '') {
    message = partial.message;
  } else if (Array.isArray(partial.message) && typeof partial.message[0] === 'string') {
    message = partial.message[0];
  }
  const fields: ApiFieldErrors = {};
  if (isRecord(partial.fields)) {
    for (const [key, value] of Object.entries(partial.fields)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
  const error = typeof partial.error === 'string' ? partial.error : undefined;
  return new ApiError(statusCode, withoutFieldPath(message, fields), fields, error);
}

/**
 * A 400's message names its first field for API clients (`currentPassword: Your current password
 * is not correct.`); people are shown that field's own message instead.
 */
function withoutFieldPath(message: string, fields: ApiFieldErrors): string {
  for (const [path, fieldMessage] of Object.entries(fields)) {
    if (message === `${path}: ${fieldMessage}`) return fieldMessage;
  }
  return message;
}

/** Sends a request and reads its answer: the JSON payload, or the error as `ApiError`/`NetworkError`. */
export async function send<T>(path: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, signal, credentials: 'same-origin' });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new NetworkError({ cause });
  }

  const payload = await readBody(response);
  if (!response.ok) throw toApiError(response, payload);
  return payload as T;
}

/**
 * Sends a JSON request to the API and resolves with the parsed JSON answer
 * (`undefined` for an empty one). Throws `ApiError` for an error status and
 * `NetworkError` when the server cannot be reached; an abort is rethrown as is.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  setTabIdHeader(headers, method);
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  return send<T>(path, init, signal);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Whether the server answered 401: the visitor is not (or no longer) signed in. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 401;
}

/** The text to show for a failed call: the server's own message, or that it could not be reached. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : new NetworkError().message;
}
