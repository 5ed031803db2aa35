import { toPlainText } from '@react-email/render';

type TextConversionOptions = NonNullable<Parameters<typeof toPlainText>[1]>;

interface HtmlNode {
  type?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: HtmlNode[];
}

interface TextBuilder {
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  addLineBreak(): void;
}

const textOf = (node: HtmlNode): string =>
  node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(textOf).join('');

/**
 * A web link's address goes on a line of its own, with nothing after it: mail clients that turn
 * addresses into links take the rest of the line too (a trailing full stop made the token invalid).
 * Its words stay before it, unless they are the address itself. Other links (mailto:) are their words.
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
  if (textOf(elem).trim() !== href) walk(elem.children, builder);
  builder.addLineBreak();
  builder.addInline(href, { noWordTransform: true });
  builder.addLineBreak();
}

const OPTIONS = {
  formatters: { linkOnItsOwnLine },
  selectors: [{ selector: 'a', format: 'linkOnItsOwnLine' }],
} as unknown as TextConversionOptions;

/** The plain-text part of an e-mail from its HTML. */
export function emailPlainText(html: string): string {
  return toPlainText(html, OPTIONS);
}
