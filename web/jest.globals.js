import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder/TextDecoder, which react-router needs when it loads; Node's are the same API.
Object.assign(globalThis, { TextEncoder, TextDecoder });
