import { z } from 'zod';
import { WATCH_FREQUENCIES, WATCH_KINDS, watchInputSchema } from '../watches.ts';
import { instantSchema } from './contract.ts';

/** Monitoring (docs/monitoring.md): the contract of `/api/watches*`. */

/** `POST /api/watches`; the address itself is read by the URL rules in the route. */
export const createWatchBodySchema = watchInputSchema;

/** A watch as the API lists it. */
export const watchSchema = z.object({
  id: z.uuid(),
  /** The watched address, normalised. */
  url: z.string(),
  kind: z.enum(WATCH_KINDS),
  frequency: z.enum(WATCH_FREQUENCIES),
  /** Score drop (points) that triggers a mail. */
  threshold: z.number().int(),
  next_run_at: instantSchema,
  /** Score of the latest check. */
  last_score: z.number().int().nullable(),
  last_checked_at: instantSchema.nullable(),
  created_at: instantSchema,
});
export type WatchView = z.infer<typeof watchSchema>;

export const watchResponseSchema = z.object({ ok: z.literal(true), watch: watchSchema });
export const watchListResponseSchema = z.object({
  ok: z.literal(true),
  watches: z.array(watchSchema),
});
export type WatchListResponse = z.infer<typeof watchListResponseSchema>;

export const watchIdParamsSchema = z.object({ id: z.string().describe('The watch id') });

/** The stop link of a watch mail. */
export const stopQuerySchema = z.object({
  token: z.string().optional().describe('The stop token from the mail'),
});
/** The one-click stop's urlencoded form (RFC 8058), or the confirmation page's. */
export const stopFormSchema = z
  .object({ token: z.string().optional(), 'List-Unsubscribe': z.string().optional() })
  .optional();
export type CreateWatchBody = z.input<typeof createWatchBodySchema>;
