import { TAB_ID_HEADER } from '@contracts/tab-id';

function newTabId(): string {
  // randomUUID needs a secure context (https or localhost); a LAN address over http has none.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return `tab-${crypto.randomUUID()}`;
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `tab-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * This page's id, new on every load: sent with every unsafe API request (TAB_ID_HEADER), so that the
 * live events those requests commit carry it and this tab's live feed does not echo its own actions.
 */
export const TAB_ID = newTabId();

/** The header naming this tab, for a request that changes something. */
export function setTabIdHeader(headers: Headers, method: string): void {
  if (method !== 'GET' && method !== 'HEAD') headers.set(TAB_ID_HEADER, TAB_ID);
}
