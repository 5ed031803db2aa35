import { NetworkError, parseBody, type RequestOptions, send, toApiError } from './api-client';
import { setTabIdHeader } from './tab-id';

/*
 * File uploads against the API, apart from the JSON calls (api-client.ts) that every page's first
 * load has: only the admin and customer screens upload.
 */

/**
 * POSTs a multipart form (a file upload) and resolves with the parsed JSON answer; errors as for
 * `apiRequest`. The browser sets the multipart Content-Type and its boundary itself.
 */
export async function apiUpload<T>(
  path: string,
  formData: FormData,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.delete('Content-Type');
  setTabIdHeader(headers, 'POST');
  return send<T>(path, { method: 'POST', headers, body: formData }, options.signal);
}

export interface UploadOptions {
  /** Told the fraction sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * `apiUpload` that tells its progress: through XMLHttpRequest, since fetch reports none while
 * sending. Resolves and fails as `apiUpload` (an abort rejects with an AbortError).
 */
export function apiUploadWithProgress<T>(
  path: string,
  formData: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    const headers = new Headers({ Accept: 'application/json' });
    setTabIdHeader(headers, 'POST');
    headers.forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(body as T);
      } else {
        reject(toApiError(request, body));
      }
    };
    request.onerror = () => reject(new NetworkError());
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(formData);
  });
}
