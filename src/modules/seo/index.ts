/** What other modules and the composition root may use of seo (lint rule: nothing else). */
export { seoFilesOpenApiPaths } from './http/seo-files.openapi.js';
export { SeoModule } from './seo.module.js';
