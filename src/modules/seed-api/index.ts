/** What the composition root may use of seed-api (lint rule: nothing else). */
export { seedOpenApiPaths } from './seed-routes.openapi.js';
export { SeedApiModule } from './seed-api.module.js';
