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

void (serverRendered ? afterNextPaint() : Promise.resolve()).then(() => import('./boot'));
