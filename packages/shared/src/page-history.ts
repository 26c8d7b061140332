import { z } from 'zod';
import { checkCategorySchema, reportStatusSchema } from './report.ts';

export { previousCompleted } from './page-history-order.ts';

/**
 * The history of one page (issue 11 item 2): every readable report of the same normalised
 * address by the same owner, newest first, for the score trend chart and the list.
 */

/** The newest reports of a page a history holds; older ones are counted, not sent. */
export const PAGE_HISTORY_MAX_REPORTS = 100;

export const pageHistoryEntrySchema = z.object({
  id: z.uuid(),
  access_token: z.string(),
  status: reportStatusSchema,
  /** null unless the analysis completed (a pending or failed report has no score). */
  score: z.number().int().min(0).max(100).nullable(),
  score_model: z.number().int().min(1).nullable(),
  error_code: z.string().nullable(),
  created_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
  /** Each category's kept share, 0-100 ([] unless completed). */
  categories: z.array(z.object({ id: checkCategorySchema, score: z.number().int() })),
});
export type PageHistoryEntry = z.infer<typeof pageHistoryEntrySchema>;

export const pageHistoryResponseSchema = z.object({
  ok: z.literal(true),
  /** The normalised address the history is of. */
  url: z.string(),
  /** Every readable report of the page, also those past the cap. */
  total: z.number().int().min(0),
  /** The newest PAGE_HISTORY_MAX_REPORTS of them, newest first. */
  reports: z.array(pageHistoryEntrySchema),
});
export type PageHistoryResponse = z.infer<typeof pageHistoryResponseSchema>;
