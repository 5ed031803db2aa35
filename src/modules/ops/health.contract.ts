import { z } from 'zod';

const status = z.enum(['up', 'down']);

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    checks: z.object({ database: status, redis: status }),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;
