/** Characters XML 1.0 has no place for, even as a reference (C0 controls but tab and newlines). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for an XML element or attribute: markup characters as entities, impossible ones dropped. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One line: every run of whitespace (line breaks included) a single space. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * Text inside a Markdown line, link text included: on one line (a line break could end the list item
 * or start a heading), with the characters that open or close links, code, HTML and autolinks
 * backslash-escaped, so `](`, `<script>` or a backtick stay text. `&` is escaped only where it would
 * start an entity.
 */
export function markdownInline(value: string): string {
  return oneLine(value)
    .replace(/[\\[\]<>`]/g, '\\$&')
    .replace(/&(?=#?\w+;)/g, '\\&');
}

/** A Markdown paragraph of its own: inline text that cannot start a heading, list, quote or rule. */
export function markdownParagraph(value: string): string {
  return markdownInline(value).replace(/^(#|[-+*=_]|\d+[.)])/, '\\$1');
}
