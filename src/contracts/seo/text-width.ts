// No zod here: the web app's snippet preview imports this beside the server's page checks.
import { ARIAL_WIDTH_RUNS } from './arial-widths.js';

/** Arial's widths by code point, in thousandths of an em. */
const WIDTHS = new Map<number, number>(
  ARIAL_WIDTH_RUNS.flatMap(([first, widths]) =>
    widths.map((width, index) => [first + index, width] as const),
  ),
);

/** A character the table lacks: Arial's average lowercase width ("n", "o"). */
const DEFAULT_WIDTH = 556;
/** CJK, Hangul and full-width forms are drawn one em wide. */
const WIDE_WIDTH = 1000;

function charWidth(codePoint: number): number {
  const known = WIDTHS.get(codePoint);
  if (known !== undefined) return known;
  // Combining marks and zero-width characters take no room of their own.
  if (
    (codePoint >= 0x300 && codePoint <= 0x36f) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    codePoint === 0xfeff
  )
    return 0;
  if (codePoint >= 0x2e80 && codePoint <= 0xffef) return WIDE_WIDTH;
  return DEFAULT_WIDTH;
}

/** Text as a search result shows it: runs of white space as one space, none at the ends. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The width in CSS pixels of `text` set in Arial at `fontSizePx` (no kerning, as browsers by default). */
export function textWidth(text: string, fontSizePx: number): number {
  let thousandths = 0;
  for (const char of text) thousandths += charWidth(char.codePointAt(0)!);
  return (thousandths * fontSizePx) / 1000;
}

/** How a search result sets a line: its font size and the width beyond which it is cut. */
export interface SnippetLine {
  fontSizePx: number;
  maxWidthPx: number;
}

/** Google's desktop result: the title in Arial 20px up to ~600px, the description in 14px up to ~920px. */
export const SNIPPET_TITLE: SnippetLine = { fontSizePx: 20, maxWidthPx: 600 };
export const SNIPPET_DESCRIPTION: SnippetLine = { fontSizePx: 14, maxWidthPx: 920 };

/** What a truncated line ends with. */
export const SNIPPET_ELLIPSIS = ' ...';

export interface FittedLine {
  /** The text as shown: whole, or cut with the ellipsis. */
  text: string;
  truncated: boolean;
  /** The width of the whole text (collapsed), in pixels. */
  widthPx: number;
}

/**
 * `text` cut the way a search result cuts it: whole when it fits `line`'s width; else the longest
 * start that fits with `' ...'` after it, ended at a word boundary when one falls in its second half.
 */
export function fitLine(text: string, line: SnippetLine): FittedLine {
  const collapsed = collapseWhitespace(text);
  const widthPx = textWidth(collapsed, line.fontSizePx);
  if (widthPx <= line.maxWidthPx) return { text: collapsed, truncated: false, widthPx };
  const room = line.maxWidthPx - textWidth(SNIPPET_ELLIPSIS, line.fontSizePx);
  const chars = [...collapsed];
  let used = 0;
  let fits = 0;
  while (fits < chars.length) {
    const next = used + textWidth(chars[fits]!, line.fontSizePx);
    if (next > room) break;
    used = next;
    fits += 1;
  }
  let cut = chars.slice(0, fits).join('');
  // The whole next word does not fit: end at the last space, unless that loses over half the line.
  if (chars[fits] !== ' ') {
    const space = cut.lastIndexOf(' ');
    if (space > 0 && textWidth(cut.slice(0, space), line.fontSizePx) >= room / 2) {
      cut = cut.slice(0, space);
    }
  }
  return { text: `${cut.trimEnd()}${SNIPPET_ELLIPSIS}`, truncated: true, widthPx };
}
