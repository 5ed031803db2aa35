import { readFile } from 'node:fs/promises';
import {
  Controller,
  Get,
  Inject,
  NotFoundException,
  Optional,
  Req,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Access } from '../auth/access.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noApiRoute } from './no-api-route.js';
import { webAppDir } from './web-app-dir.js';
import { sendWebPage } from './web-page-reply.js';
import { WEB_PAGE_RENDERER, type WebPage, type WebPageRenderer } from './web-page-renderer.js';

/**
 * Every GET outside /api that is not a built asset answers with a page of the web app, so client
 * routes such as /banner/{id} or /thanks load the app: the page renderer's (server-rendered public
 * pages, a 404 for unknown paths) when a module provides one, else the SPA's index.html. Unknown
 * /api paths get the API's 404 body instead.
 */
@ApiExcludeController()
@Controller()
export class WebAppController {
  private indexHtml: Promise<string> | undefined;

  constructor(@Optional() @Inject(WEB_PAGE_RENDERER) private readonly pages?: WebPageRenderer) {}

  @Get('*')
  @Access('public')
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // The path as the router decoded it: `/%61pi/x` and `GET http://host/api/x` are API paths too.
    const path = (request.params as { '*'?: string })['*'] ?? '';
    if (path === 'api' || path.startsWith('api/')) {
      throw new NotFoundException(noApiRoute(request.method, `/${path}`).message);
    }
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
