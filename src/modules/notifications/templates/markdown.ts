import { Marked, type Tokens } from 'marked';

const ink = '#14213d';
const accent = '#1f6feb';
const text = `color:${ink};font-size:15px;line-height:24px;margin:0 0 16px`;

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** Only web and mail links: a `javascript:` or `data:` link in a newsletter is shown as text. */
const isSafeHref = (href: string) => /^(https?:|mailto:)/i.test(href.trim());

/**
 * Markdown for e-mail: inline styles (mail clients drop style sheets), raw HTML shown as text (an
 * admin's Markdown is never markup of ours), links only to http(s) and mailto.
 */
const markdown = new Marked({ gfm: true, breaks: true }).use({
  renderer: {
    html: ({ text: raw }: Tokens.HTML | Tokens.Tag) => escapeHtml(raw),
    paragraph(token: Tokens.Paragraph) {
      return `<p style="${text}">${this.parser.parseInline(token.tokens)}</p>\n`;
    },
    heading(token: Tokens.Heading) {
      const size = [26, 22, 18, 16, 15, 15][token.depth - 1];
      return `<h${token.depth} style="color:${ink};font-size:${size}px;line-height:1.3;margin:24px 0 12px">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
    },
    link(token: Tokens.Link) {
      const label = this.parser.parseInline(token.tokens);
      if (!isSafeHref(token.href)) return label;
      return `<a href="${escapeHtml(token.href)}" style="color:${accent}">${label}</a>`;
    },
    image(token: Tokens.Image) {
      if (!/^https?:/i.test(token.href)) return escapeHtml(token.text);
      return `<img src="${escapeHtml(token.href)}" alt="${escapeHtml(token.text)}" style="max-width:100%;height:auto" />`;
    },
  },
});

export function campaignHtml(body: string): string {
  return markdown.parse(body, { async: false });
}
