export * from './entries.js';
export * from './fields.js';
export * from './sections.js';
export * from './media-variants.js';
export * from './drafts.js';
