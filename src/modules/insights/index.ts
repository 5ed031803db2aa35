/** What the composition root may use of insights (lint rule: nothing else). */
export { InsightsModule } from './insights.module.js';
