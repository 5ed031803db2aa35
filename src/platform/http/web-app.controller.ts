import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Access } from '../auth/access.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noApiRoute } from './no-api-route.js';
import { WebPages } from './web-pages.js';

/**
 * Every GET outside /api that is not a built asset (nor a public page's own address, see
 * `PublicPageRoutes`) answers with a page of the web app, so client routes such as /banner/{id} load
 * the app (`WebPages`). Unknown /api paths get the API's 404 body instead.
 */
@ApiExcludeController()
@Controller()
export class WebAppController {
  constructor(private readonly pages: WebPages) {}

  @Get('*')
  @Access('public')
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // The path as the router decoded it: `/%61pi/x` and `GET http://host/api/x` are API paths too.
    const path = (request.params as { '*'?: string })['*'] ?? '';
    if (path === 'api' || path.startsWith('api/')) {
      throw new NotFoundException(noApiRoute(request.method, `/${path}`).message);
    }
    await this.pages.serve(request, reply);
  }
}
