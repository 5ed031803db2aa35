/** What the composition root may use of ops (lint rule: nothing else). */
export { OpsModule } from './ops.module.js';
export { queueDashboardOpenApiPaths } from './queue-dashboard/queue-dashboard.openapi.js';
