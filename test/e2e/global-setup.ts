import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SERVER_ENTRY } from '../support/app-process.js';
import { CHROMIUM_PATH } from './playwright.config.js';

/** Fails fast, with the fix, when something the e2e tests need is missing. */
export default function globalSetup(): void {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `${path.relative(REPO_ROOT, SERVER_ENTRY)} is missing: run npm run build first`,
    );
  }
  if (!existsSync(path.join(REPO_ROOT, 'dist/web/index.html'))) {
    throw new Error('dist/web/index.html is missing: run npm run build first');
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH}: apt-get update && apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH)',
    );
  }
}
