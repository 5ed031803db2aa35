/** SVG uploads are sanitised before they are stored: nothing that runs, nothing that loads from elsewhere. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { parseSvg, sanitizeSvgText, svgSize } from '../../src/modules/media/domain/svg.js';

const svg = (body: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${body}</svg>`;

async function sanitized(source: string): Promise<string> {
  const output = await sanitizeSvgText(source);
  assert.ok(output !== undefined, `an SVG: ${source}`);
  return output;
}

/** The output parsed again: it must still be a well-formed SVG document. */
function reparse(output: string): Document {
  const document = new JSDOM(output, { contentType: 'image/svg+xml' }).window.document;
  assert.equal(document.documentElement.localName, 'svg');
  assert.equal(document.documentElement.namespaceURI, 'http://www.w3.org/2000/svg');
  return document;
}

async function sizeOf(attributes: string) {
  const root = await parseSvg(new TextEncoder().encode(svg('<rect/>', attributes)));
  assert.ok(root);
  return svgSize(root);
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
    assert.equal(root.getAttribute('viewBox'), '0 0 120 80');
    assert.equal(root.getAttribute('width'), '120');
    for (const selector of ['linearGradient', 'stop', 'symbol', 'circle', 'rect', 'path', 'text']) {
      assert.equal(document.querySelectorAll(selector).length, 1, `one <${selector}>`);
    }
    assert.equal(document.querySelector('rect')?.getAttribute('fill'), 'url(#g)');
    assert.equal(document.querySelector('path')?.getAttribute('d'), 'M0 0 L10 10 Z');
    assert.match(document.querySelector('style')?.textContent ?? '', /font: 12px sans-serif/);
    assert.equal(document.querySelectorAll('use').length, 2, 'both fragment <use>s stay');
    assert.equal(document.querySelector('text')?.textContent, 'Hello & welcome');
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
    assert.doesNotMatch(output, /script/i);
    assert.doesNotMatch(output, /\bon[a-z]+=/i);
    assert.doesNotMatch(output, /alert/);
    const document = reparse(output);
    assert.ok(document.querySelector('rect') && document.querySelector('circle'), 'shapes stay');
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
    assert.doesNotMatch(output, /javascript:/i);
    assert.doesNotMatch(output, /foreignObject|<div|<img|<set|<animate/i);
    assert.equal(reparse(output).querySelectorAll('text').length, 3, 'the link texts stay');
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
    assert.doesNotMatch(output, /evil\.test|data:image|@import|image-set|\\72/);
    const document = reparse(output);
    assert.equal(document.querySelectorAll('use, image, feImage').length, 0);
    assert.equal(document.querySelectorAll('rect').length, 3, 'the shapes stay, without the url()');
    assert.equal(document.querySelector('text')?.textContent, 'link');
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (attribute.localName === 'href') assert.match(attribute.value, /^#/);
      }
    }
  });

  it('reads the size from width and height, else the viewBox', async () => {
    assert.deepEqual(await sizeOf(' width="1200" height="800"'), { width: 1200, height: 800 });
    assert.deepEqual(await sizeOf(' width="120px" height="80.4px"'), { width: 120, height: 80 });
    assert.deepEqual(await sizeOf(' width="1in" height="72pt"'), { width: 96, height: 96 });
    assert.deepEqual(await sizeOf(' viewBox="0 0 300 150"'), { width: 300, height: 150 });
    assert.deepEqual(await sizeOf(' viewBox="-10,-10,64.6,32"'), { width: 65, height: 32 });
    assert.deepEqual(await sizeOf(' width="600" viewBox="0 0 300 150"'), {
      width: 600,
      height: 300,
    });
    assert.deepEqual(await sizeOf(' width="100%" height="100%" viewBox="0 0 40 30"'), {
      width: 40,
      height: 30,
    });
    assert.equal(await sizeOf(''), undefined);
    assert.equal(await sizeOf(' width="100%" height="50%"'), undefined);
    assert.equal(await sizeOf(' viewBox="0 0 0 10"'), undefined);
  });
});
