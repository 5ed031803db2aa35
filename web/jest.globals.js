import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder/TextDecoder, which react-router needs when it loads; Node's are the same API.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Nor a Request, which the data router (`createMemoryRouter`) makes for every navigation; without
// loaders or actions it only reads its URL, method and abort signal.
if (typeof globalThis.Request === 'undefined') {
  globalThis.Request = class Request {
    constructor(input, init = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new globalThis.AbortController().signal;
    }
  };
}
