/** What the composition root may use of seed-api (lint rule: nothing else). */
export { SeedApiModule } from './seed-api.module.js';
