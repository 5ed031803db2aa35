import { createRequire } from 'node:module';
import type { dictionary as Dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most used passwords (zxcvbn's ranked list) are refused. */
const REFUSED_TOP = 10_000;

let refused: Set<string> | undefined;

/**
 * zxcvbn's dictionaries (≈ 0.4 MB of source, several MB once parsed), read at the first password
 * checked: a process that never checks one (the worker) never reads them.
 */
function loadDictionary(): typeof Dictionary {
  const require = createRequire(import.meta.url);
  return (require('@zxcvbn-ts/language-common') as { dictionary: typeof Dictionary }).dictionary;
}

/** Whether a password is among the most common ones (case-insensitive), which guessers try first. */
export function isCommonPassword(password: string): boolean {
  if (refused === undefined) {
    const ranked = loadDictionary()['passwords-common'];
    refused = new Set(ranked.slice(0, REFUSED_TOP).map((p) => p.toLowerCase()));
  }
  return refused.has(password.toLowerCase());
}
