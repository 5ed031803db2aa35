/**
 * Renders the site's static raster images from its SVG mark, in Chromium, into web/public (they are
 * committed; run again only when the mark or the name changes):
 *
 * - share-image.png: the default Open Graph / Twitter image, 1200×630 (social sites show no SVG);
 * - favicon.ico: 16, 32 and 48 px PNGs in one .ico file, for browsers and tools that ask for
 *   /favicon.ico whatever the page links.
 *
 *   node --import tsx bench/render-static-images.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public');
const ICON_SIZES = [16, 32, 48];
const ACCENT = '#3451d1';

const INTER_LATIN = path.resolve(PUBLIC_DIR, '../src/assets/fonts/inter-latin-wght-normal.woff2');

const SHARE_IMAGE_HTML = (mark: string, interBase64: string) => `<!doctype html>
<html><head><style>
  @font-face {
    font-family: Inter; font-weight: 100 900;
    src: url(data:font/woff2;base64,${interBase64}) format('woff2');
  }
  html, body { margin: 0; width: 1200px; height: 630px; }
  body {
    display: flex; flex-direction: column; justify-content: center; gap: 36px;
    box-sizing: border-box; padding: 0 96px;
    background: #f5f7fe;
    border-bottom: 24px solid ${ACCENT};
    font-family: Inter, 'Noto Sans', 'DejaVu Sans', Arial, sans-serif; color: #0f172a;
  }
  .brand { display: flex; align-items: center; gap: 28px; font-size: 64px; font-weight: 800; letter-spacing: -0.02em; }
  .brand svg { width: 120px; height: 120px; }
  p { margin: 0; max-width: 920px; font-size: 40px; line-height: 1.35; color: #334155; }
</style></head>
<body>
  <div class="brand">${mark}<span>SEO Agency</span></div>
  <p>Search engine optimisation that helps the right customers find your business.</p>
</body></html>`;

/** An .ico file holding PNG images (every current browser reads them). */
function icoOf(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map(({ data }) => data)]);
}

async function main(): Promise<void> {
  const mark = await readFile(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const share = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    const inter = (await readFile(INTER_LATIN)).toString('base64');
    await share.setContent(SHARE_IMAGE_HTML(mark, inter));
    await share.evaluate(() => document.fonts.ready);
    await writeFile(
      path.join(PUBLIC_DIR, 'share-image.png'),
      await share.screenshot({ type: 'png' }),
    );

    const pngs = [];
    for (const size of ICON_SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${mark}`,
      );
      pngs.push({ size, data: await page.screenshot({ type: 'png', omitBackground: true }) });
    }
    await writeFile(path.join(PUBLIC_DIR, 'favicon.ico'), icoOf(pngs));
  } finally {
    await browser.close();
  }
}

await main();
