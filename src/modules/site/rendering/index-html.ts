import { readFile } from 'node:fs/promises';
import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { webAppDir } from '../../../platform/http/web-app-dir.js';

/** The built web app's index.html, read once (503 while the web app is not built). */
@Injectable()
export class BuiltIndexHtml {
  private indexHtml?: Promise<string>;

  load(): Promise<string> {
    this.indexHtml ??= readFile(`${webAppDir}/index.html`, 'utf8').catch(() => {
      this.indexHtml = undefined;
      throw new ServiceUnavailableException('The web app is not built: run `npm run build`');
    });
    return this.indexHtml;
  }
}
