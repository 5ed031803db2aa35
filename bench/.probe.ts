import { chromium } from 'playwright';
import { startApp } from '../test/support/app-process.js';
import { getFreePort } from '../test/support/net.js';
import { startServices } from '../test/support/services.js';
import { benchServerEnv } from './server-env.js';

const services = await startServices();
const port = await getFreePort();
const app = await startApp({ role: 'all', name: 'probe', port, env: benchServerEnv(services, port) });
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  for (const viewport of [{ width: 1280, height: 720 }, { width: 412, height: 823 }, { width: 1920, height: 1080 }]) {
    const page = await browser.newPage({ viewport });
    await page.goto(app.baseUrl + '/');
    const info = await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      const sections = [...document.querySelectorAll('main section, main > *')].slice(0, 6);
      return sections.map((s) => `${s.tagName}.${s.className}#${s.id} top=${Math.round(s.getBoundingClientRect().top)} h=${Math.round(s.getBoundingClientRect().height)}`).join('\n');
    });
    console.log(viewport, '\n' + info);
    await page.close();
  }
  await browser.close();
} finally {
  await app.stop(10_000);
  await services.stop();
}
process.exit(0);
