import { z } from 'zod';

/** `/healthz`: the process answers. */
export const healthResponseSchema = z.object({ ok: z.literal(true) });

/** `/readyz`: the database answers. */
export const readyResponseSchema = z.object({
  ok: z.literal(true),
  database: z.enum(['pglite', 'postgres']),
});
