/** SVG uploads are sanitised before they are stored: nothing that runs, nothing that loads from elsewhere. */
import { describe, expect, it } from '@jest/globals';
import { JSDOM } from 'jsdom';
import { parseSvg, sanitizeSvgText, svgSize } from '../../src/modules/media/domain/svg.js';

const svg = (body: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${body}</svg>`;

async function sanitized(source: string): Promise<string> {
  const output = await sanitizeSvgText(source);
  expect(output).toBeDefined(); // the source is an SVG
  return output as string;
}

/** The output parsed again: it must still be a well-formed SVG document. */
function reparse(output: string): Document {
  const document = new JSDOM(output, { contentType: 'image/svg+xml' }).window.document;
  expect(document.documentElement.localName).toBe('svg');
  expect(document.documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
  return document;
}

async function sizeOf(attributes: string) {
  const root = await parseSvg(new TextEncoder().encode(svg('<rect/>', attributes)));
  expect(root).toBeDefined();
  return svgSize(root as Element);
}

describe('SVG sanitising', () => {
  it('keeps a normal drawing: shapes, gradients, text, styles and fragment references', async () => {
    const source = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient>' +
        '<symbol id="dot"><circle cx="5" cy="5" r="4"/></symbol></defs>' +
        '<style>.label { font: 12px sans-serif; fill: #333 }</style>' +
        '<rect x="1" y="2" width="30" height="20" fill="url(#g)" stroke="black"/>' +
        '<path d="M0 0 L10 10 Z" style="fill: url(\'#g\')"/>' +
        '<use href="#dot" x="10"/><use xlink:href="#dot" x="20"/>' +
        '<text class="label" x="2" y="40">Hello &amp; welcome</text>',
      ' width="120" height="80" viewBox="0 0 120 80"',
    );
    const document = reparse(await sanitized(source));
    const root = document.documentElement;
    expect(root.getAttribute('viewBox')).toBe('0 0 120 80');
    expect(root.getAttribute('width')).toBe('120');
    for (const selector of ['linearGradient', 'stop', 'symbol', 'circle', 'rect', 'path', 'text']) {
      expect(document.querySelectorAll(selector).length).toBe(1); // one of each
    }
    expect(document.querySelector('rect')?.getAttribute('fill')).toBe('url(#g)');
    expect(document.querySelector('path')?.getAttribute('d')).toBe('M0 0 L10 10 Z');
    expect(document.querySelector('style')?.textContent ?? '').toMatch(/font: 12px sans-serif/);
    expect(document.querySelectorAll('use').length).toBe(2); // both fragment <use>s stay
    expect(document.querySelector('text')?.textContent).toBe('Hello & welcome');
  });

  it('removes scripts and event handlers', async () => {
    const output = await sanitized(
      svg(
        '<script>alert(1)</script><script xlink:href="https://evil.test/x.js"/>' +
          '<rect width="10" height="10" onclick="alert(2)" onmouseover="alert(3)"/>' +
          '<g onfocus="alert(4)"><circle r="3"/></g>',
        ' onload="alert(0)"',
      ),
    );
    expect(output).not.toMatch(/script/i);
    expect(output).not.toMatch(/\bon[a-z]+=/i);
    expect(output).not.toMatch(/alert/);
    const document = reparse(output);
    // The shapes stay.
    expect(document.querySelector('rect')).not.toBeNull();
    expect(document.querySelector('circle')).not.toBeNull();
  });

  it('removes javascript: links, foreignObject and <animate>/<set> that could rewrite them', async () => {
    const output = await sanitized(
      svg(
        '<a href="javascript:alert(1)"><text>one</text></a>' +
          '<a xlink:href="javascript:alert(2)"><text>two</text></a>' +
          '<foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml">' +
          '<img src="x" onerror="alert(3)"/></div></foreignObject>' +
          '<a><set attributeName="href" to="javascript:alert(4)"/>' +
          '<animate attributeName="href" values="javascript:alert(5)"/><text>three</text></a>',
      ),
    );
    expect(output).not.toMatch(/javascript:/i);
    expect(output).not.toMatch(/foreignObject|<div|<img|<set|<animate/i);
    expect(reparse(output).querySelectorAll('text').length).toBe(3); // the link texts stay
  });

  it('removes every reference to another file: <use>, <image>, links, CSS url() and @import', async () => {
    const output = await sanitized(
      svg(
        '<use href="http://evil.test/sprite.svg#icon"/>' +
          '<use xlink:href="https://evil.test/sprite.svg#icon"/>' +
          '<use href="//evil.test/sprite.svg#icon"/>' +
          '<image href="https://evil.test/track.png" width="1" height="1"/>' +
          '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>' +
          '<a href="https://evil.test/"><text>link</text></a>' +
          '<rect width="5" height="5" fill="url(https://evil.test/paint.svg#p)"/>' +
          '<rect width="5" height="5" style="fill: u\\72l(https://evil.test/x)"/>' +
          '<rect width="5" height="5" style="filter: url(\'http://evil.test/f.svg#f\')"/>' +
          '<style>@import url("https://evil.test/a.css"); rect { fill: red }</style>' +
          '<style>rect { background: image-set("https://evil.test/b.png" 1x) }</style>' +
          '<filter id="f"><feImage href="https://evil.test/c.png"/></filter>',
      ),
    );
    expect(output).not.toMatch(/evil\.test|data:image|@import|image-set|\\72/);
    const document = reparse(output);
    expect(document.querySelectorAll('use, image, feImage').length).toBe(0);
    expect(document.querySelectorAll('rect').length).toBe(3); // the shapes stay, without the url()
    expect(document.querySelector('text')?.textContent).toBe('link');
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (attribute.localName === 'href') expect(attribute.value).toMatch(/^#/);
      }
    }
  });

  it('reads the size from width and height, else the viewBox', async () => {
    expect(await sizeOf(' width="1200" height="800"')).toStrictEqual({ width: 1200, height: 800 });
    expect(await sizeOf(' width="120px" height="80.4px"')).toStrictEqual({
      width: 120,
      height: 80,
    });
    expect(await sizeOf(' width="1in" height="72pt"')).toStrictEqual({ width: 96, height: 96 });
    expect(await sizeOf(' viewBox="0 0 300 150"')).toStrictEqual({ width: 300, height: 150 });
    expect(await sizeOf(' viewBox="-10,-10,64.6,32"')).toStrictEqual({ width: 65, height: 32 });
    expect(await sizeOf(' width="600" viewBox="0 0 300 150"')).toStrictEqual({
      width: 600,
      height: 300,
    });
    expect(await sizeOf(' width="100%" height="100%" viewBox="0 0 40 30"')).toStrictEqual({
      width: 40,
      height: 30,
    });
    expect(await sizeOf('')).toBe(undefined);
    expect(await sizeOf(' width="100%" height="50%"')).toBe(undefined);
    expect(await sizeOf(' viewBox="0 0 0 10"')).toBe(undefined);
  });
});
