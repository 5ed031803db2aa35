import { toPlainText } from '@react-email/render';

type TextConversionOptions = NonNullable<Parameters<typeof toPlainText>[1]>;

interface HtmlNode {
  type?: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: HtmlNode[];
  next?: HtmlNode | null;
  parent?: HtmlNode | null;
}

interface TextBuilder {
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  addLineBreak(): void;
}

const textOf = (node: HtmlNode): string =>
  node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(textOf).join('');

/** Elements that sit inside a line of text: a link's punctuation may follow one of them. */
const INLINE = new Set([
  'strong',
  'b',
  'em',
  'i',
  'u',
  'span',
  'code',
  'small',
  'mark',
  'del',
  's',
]);

/** Punctuation that closes the words before it (`.`, `,`, `)`, ...), at the start of a text. */
const CLOSING_PUNCTUATION = /^[.,;:!?)\]}…'"’”]+/;

/**
 * The text node that follows a link in its line: its next sibling, or that of an inline element
 * wrapping it (`<strong><a>…</a></strong>.`).
 */
function textAfter(elem: HtmlNode): HtmlNode | undefined {
  let node: HtmlNode | null | undefined = elem;
  while (node && !node.next && node.parent?.name && INLINE.has(node.parent.name)) {
    node = node.parent;
  }
  const next = node?.next;
  return next?.type === 'text' ? next : undefined;
}

/**
 * Takes the punctuation that closes a link's sentence off the text after it, so that it follows the
 * link's words instead of standing on a line of its own under the address (`Read our guide.` and the
 * address below, not the address and a line holding only `.`).
 */
function takeClosingPunctuation(elem: HtmlNode): string {
  const next = textAfter(elem);
  const punctuation = next?.data?.match(CLOSING_PUNCTUATION)?.[0];
  if (!next || !punctuation) return '';
  next.data = next.data!.slice(punctuation.length).replace(/^\s+/, '');
  return punctuation;
}

const isBlank = (node: HtmlNode) => node.type === 'text' && !node.data?.trim();

/** Whether nothing but white space follows the link in its block (a paragraph, a list item). */
function endsItsBlock(elem: HtmlNode): boolean {
  for (let node: HtmlNode = elem; ; node = node.parent!) {
    let next = node.next;
    while (next && isBlank(next)) next = next.next;
    if (next) return false;
    if (!node.parent?.name || !INLINE.has(node.parent.name)) return true;
  }
}

/**
 * A web link's address goes on a line of its own, with nothing after it: mail clients that turn
 * addresses into links take the rest of the line too (a trailing full stop made the token invalid).
 * Its words stay before it, unless they are the address itself, followed by the punctuation that
 * closed them in the HTML (dropped when there are no words: it would stand alone). Whatever follows
 * in the block starts a new line. Other links (mailto:) are their words.
 */
function linkOnItsOwnLine(
  elem: HtmlNode,
  walk: (nodes: HtmlNode[] | undefined, builder: TextBuilder) => void,
  builder: TextBuilder,
): void {
  const href = elem.attribs?.href ?? '';
  if (!/^https?:\/\//i.test(href)) {
    walk(elem.children, builder);
    return;
  }
  const hasWords = textOf(elem).trim() !== href;
  if (hasWords) walk(elem.children, builder);
  const punctuation = takeClosingPunctuation(elem);
  if (punctuation && hasWords) builder.addInline(punctuation, { noWordTransform: true });
  builder.addLineBreak();
  builder.addInline(href, { noWordTransform: true });
  if (!endsItsBlock(elem)) builder.addLineBreak();
}

const OPTIONS = {
  formatters: { linkOnItsOwnLine },
  selectors: [{ selector: 'a', format: 'linkOnItsOwnLine' }],
} as unknown as TextConversionOptions;

/** The plain-text part of an e-mail from its HTML. */
export function emailPlainText(html: string): string {
  return toPlainText(html, OPTIONS);
}
