import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most used passwords (zxcvbn's ranked list) are refused. */
const REFUSED_TOP = 10_000;

let refused: Set<string> | undefined;

/** Whether a password is among the most common ones (case-insensitive), which guessers try first. */
export function isCommonPassword(password: string): boolean {
  refused ??= new Set(
    dictionary['passwords-common'].slice(0, REFUSED_TOP).map((p) => p.toLowerCase()),
  );
  return refused.has(password.toLowerCase());
}
