import type { SectionKey } from '../../../contracts/content/index.js';

/** Demo records for a fresh install (written by the public-pages work; this is a minimal start). */
export const DEMO_CONTENT: Partial<Record<SectionKey, Record<string, string>[]>> = {
  copyright: [{ copyrightText: '© SEO Agency. All rights reserved.' }],
};
