import './styles/global.css';

/**
 * The page's entry, kept small. A page the server rendered is complete and styled as it arrives, so
 * the browser paints it before any of the app's code is fetched or run: on a phone, the first text
 * and the hero image then get the network and the processor to themselves, and the code that makes
 * the page interactive (`boot.tsx`) follows. A page the browser renders starts the app at once.
 */
const serverRendered = document.getElementById('root')?.hasChildNodes() ?? false;

/**
 * Settles after the next frame has been painted: requestAnimationFrame runs before the paint. (A page
 * opened in a background tab, which paints nothing, starts when it is first shown.)
 */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Settles once the page's web fonts have come (or failed) and the text has been painted in them, or
 * after `limitMs` whatever the fonts: the text's repaint in its font is the page's largest paint on
 * a page led by text, and the app's code, asked for after it, no longer competes with the font.
 */
const afterFontsPainted = (limitMs: number) =>
  Promise.race([
    document.fonts.ready.then(afterNextPaint),
    new Promise<void>((resolve) => setTimeout(resolve, limitMs)),
  ]);

void (
  serverRendered ? afterNextPaint().then(() => afterFontsPainted(1000)) : Promise.resolve()
).then(() => import('./boot'));
