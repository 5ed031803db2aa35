/** What the composition root may use of ops (lint rule: nothing else). */
export { healthOpenApiPaths } from './http/health.openapi.js';
export { metricsOpenApiPaths } from './http/metrics.openapi.js';
export { OpsModule } from './ops.module.js';
export { queueDashboardOpenApiPaths } from './queue-dashboard/queue-dashboard.openapi.js';
