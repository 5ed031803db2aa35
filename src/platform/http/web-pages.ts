import { readFile } from 'node:fs/promises';
import { Inject, Injectable, Optional, ServiceUnavailableException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { webAppDir } from './web-app-dir.js';
import { sendWebPage } from './web-page-reply.js';
import { WEB_PAGE_RENDERER, type WebPage, type WebPageRenderer } from './web-page-renderer.js';

/**
 * The web app's pages: the page renderer's (server-rendered public pages, a 404 for unknown paths)
 * when a module provides one, else the SPA's index.html.
 */
@Injectable()
export class WebPages {
  private indexHtml: Promise<string> | undefined;

  constructor(@Optional() @Inject(WEB_PAGE_RENDERER) private readonly pages?: WebPageRenderer) {}

  async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const indexHtml = await this.loadIndex();
    const page: WebPage = this.pages
      ? await this.pages.render(request.url, indexHtml)
      : { status: 200, html: indexHtml };
    await sendWebPage(request, reply, page);
  }

  private loadIndex(): Promise<string> {
    this.indexHtml ??= readFile(`${webAppDir}/index.html`, 'utf8').catch(() => {
      this.indexHtml = undefined;
      throw new ServiceUnavailableException('The web app is not built: run `npm run build`');
    });
    return this.indexHtml;
  }
}
