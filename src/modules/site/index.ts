/** What other modules and the composition root may use of site (lint rule: nothing else). */
export { SiteModule } from './site.module.js';
export { RenderedPages, type RenderedPagesStats } from './rendering/rendered-pages.js';
export { RenderSitePageQuery, type RenderedSitePage } from './queries/render-site-page.query.js';
