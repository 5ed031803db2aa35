import { HttpException, Injectable } from '@nestjs/common';
import { PUBLIC_PAGE_PATHS } from '../../contracts/public-pages.js';
import { type RawRoute, rawRoute } from './raw-routes/raw-route.js';
import { RawRouteSet } from './raw-routes/raw-route-set.js';
import { WebPages } from './web-pages.js';

/** The public pages' own addresses, with and without their trailing slash. */
const PAGE_ROUTES = [...new Set([...PUBLIC_PAGE_PATHS, '/contact-us'].flatMap(bothSpellings))];

function bothSpellings(path: string): string[] {
  if (path === '/') return [path];
  return path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
}

/**
 * The public pages' addresses as raw routes: the page views that matter most (a kept page, see the
 * site module) skip Nest's router, guard and interceptors, which cost more than sending the page.
 * Every other address of the web app goes through `WebAppController`, the same way.
 */
@Injectable()
export class PublicPageRoutes extends RawRouteSet {
  constructor(private readonly pages: WebPages) {
    super();
  }

  routes(): RawRoute[] {
    return PAGE_ROUTES.map((path) =>
      rawRoute({
        method: 'GET',
        path,
        access: 'public',
        docs: { undocumented: 'a page of the web app, not the API (like WebAppController)' },
        handler: async (request, reply) => {
          try {
            await this.pages.serve(request, reply);
          } catch (error) {
            if (!(error instanceof HttpException)) throw error;
            await reply.code(error.getStatus()).send(error.getResponse());
          }
        },
      }),
    );
  }
}
