/**
 * A LIKE / ILIKE pattern matching any text that contains `text` as it is: `%`, `_` and the escape
 * character itself are escaped, so a search for "50%" finds "50%" and not every "50…". PostgreSQL's
 * default escape character is the backslash, so no ESCAPE clause is needed.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
