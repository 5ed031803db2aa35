import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { ErrorBodyFilter } from './error-body.filter.js';
import { schemaValidationPipe } from './validation.js';
import { PublicPageRoutes } from './public-page-routes.js';
import { RawRouteRegistrar } from './raw-routes/raw-route-registrar.js';
import { WebAppController } from './web-app.controller.js';
import { WebPages } from './web-pages.js';

@Module({})
export class HttpModule {
  /**
   * `pages`: a module exporting `WEB_PAGE_RENDERER` (the composition root passes it: platform code
   * imports no module), which renders the web app's pages; without it they are the SPA's index.html.
   */
  static forRoot(pages?: Type): DynamicModule {
    return {
      module: HttpModule,
      imports: [DiscoveryModule, ...(pages ? [pages] : [])],
      controllers: [WebAppController],
      providers: [
        WebPages,
        PublicPageRoutes,
        ErrorBodyFilter,
        // One instance: raw routes answer their errors with the filter Nest's routes use.
        { provide: APP_FILTER, useExisting: ErrorBodyFilter },
        RawRouteRegistrar,
        { provide: APP_PIPE, useValue: schemaValidationPipe },
      ],
    };
  }
}
