import { HttpException, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_PAGE_PATHS } from '../../contracts/public-pages.js';
import { WebPages } from './web-pages.js';

/** The public pages' own addresses, with and without their trailing slash. */
const PAGE_ROUTES = [...new Set([...PUBLIC_PAGE_PATHS, '/contact-us'].flatMap(bothSpellings))];

function bothSpellings(path: string): string[] {
  if (path === '/') return [path];
  return path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
}

/**
 * The public pages' addresses as plain Fastify routes: the page views that matter most (a kept
 * page, see the site module) skip Nest's router, guard and interceptors, which cost more than
 * sending the page. Every other address of the web app goes through `WebAppController`, the same way.
 */
@Injectable()
export class PublicPageRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly pages: WebPages,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    for (const path of PAGE_ROUTES) {
      fastify.get(path, async (request, reply) => {
        try {
          await this.pages.serve(request, reply);
        } catch (error) {
          if (!(error instanceof HttpException)) throw error;
          await reply.code(error.getStatus()).send(error.getResponse());
        }
      });
    }
  }
}
