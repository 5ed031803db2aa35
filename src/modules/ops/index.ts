/** What the composition root may use of ops (lint rule: nothing else). */
export { OpsModule } from './ops.module.js';
