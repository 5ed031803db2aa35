/** What other modules and the composition root may use of seo (lint rule: nothing else). */
export { SeoModule } from './seo.module.js';
