import type { AuditActor } from '../../../platform/audit/audit-actor.js';

/**
 * Who made a change: recorded in the revision and in the audit log. Null only for the demo content of a
 * fresh install, which no one wrote.
 */
export type ContentActor = AuditActor;
