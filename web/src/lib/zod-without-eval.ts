/**
 * `zod` as the browser build resolves it (web/vite.config.ts): zod itself, told not to compile
 * parsers with `new Function`. Our Content-Security-Policy forbids eval, and zod's probe for it, run
 * when the first object schema is built, is reported by the browser as a CSP violation even though
 * zod catches the error. The schemas then parse without the compiled fast path.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
