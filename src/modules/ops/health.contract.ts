import { z } from 'zod';

const status = z.enum(['up', 'down']);

/** Readiness: whether the services this process needs answer. */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    checks: z.object({ database: status, redis: status }),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;
export type HealthCheckName = keyof Health['checks'];

/** Liveness: the process answers (nothing else is checked). */
export const livenessSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });
