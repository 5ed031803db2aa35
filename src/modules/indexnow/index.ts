/** What other modules and the composition root may use of indexnow (lint rule: nothing else). */
export { IndexNowModule } from './indexnow.module.js';
export { INDEXNOW_QUEUE } from './jobs/indexnow.queues.js';
