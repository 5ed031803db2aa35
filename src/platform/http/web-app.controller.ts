import { readFile } from 'node:fs/promises';
import {
  Controller,
  Get,
  NotFoundException,
  Req,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Access } from '../auth/access.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noApiRoute } from './no-api-route.js';
import { webAppDir } from './web-app-dir.js';

/**
 * Every GET outside /api that is not a built asset answers with the SPA's index.html, so client routes
 * such as /banner/{id} or /thanks load the app; unknown /api paths get the API's 404 body instead.
 */
@ApiExcludeController()
@Controller()
export class WebAppController {
  private indexHtml: Promise<string> | undefined;

  @Get('*')
  @Access('public')
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // The path as the router decoded it: `/%61pi/x` and `GET http://host/api/x` are API paths too.
    const path = (request.params as { '*'?: string })['*'] ?? '';
    if (path === 'api' || path.startsWith('api/')) {
      throw new NotFoundException(noApiRoute(request.method, `/${path}`).message);
    }
    const html = await this.loadIndex();
    await reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  }

  private loadIndex(): Promise<string> {
    this.indexHtml ??= readFile(`${webAppDir}/index.html`, 'utf8').catch(() => {
      this.indexHtml = undefined;
      throw new ServiceUnavailableException('The web app is not built: run `npm run build`');
    });
    return this.indexHtml;
  }
}
