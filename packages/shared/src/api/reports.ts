import { z } from 'zod';
import { reportStatusSchema } from '../report.ts';
import { parseServerUrl } from '../url-input.ts';
import { instantSchema, ruleField } from './contract.ts';

export { reportResponseSchema } from '../report.ts';

/** A page address read by the shared URL rule: `missing_url`, `invalid_url`, `url_too_long`... */
export const pageAddressField = ruleField(
  (input) => {
    const parsed = parseServerUrl(input);
    return parsed.ok ? { ok: true, value: parsed.url } : parsed;
  },
  { type: 'string', maxLength: 2048, description: 'An http(s) page address' },
);

/** `POST /api/reports`. */
export const createReportBodySchema = z.object({ url: pageAddressField });

export const createReportResponseSchema = z.object({
  ok: z.literal(true),
  accessToken: z.string(),
  /** Present from the 80th report of the day (the spec's `rate_limit_soft`). */
  rate_limit_soft: z.literal(true).optional(),
});
export type CreateReportResponse = z.infer<typeof createReportResponseSchema>;

/** `/api/reports/:token` and its exports. */
export const reportTokenParamsSchema = z.object({
  token: z.string().describe('The report access token (43 characters)'),
});

/** Offsets past this are not a real history: refused rather than scanned. */
export const MAX_HISTORY_OFFSET = 100_000;

/** `GET /api/me/reports?offset=N`: ten per page (the spec's profile list). */
export const myReportsQuerySchema = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a whole number from 0.' })
    .int({ error: 'offset must be a whole number from 0.' })
    .min(0, { error: 'offset must be a whole number from 0.' })
    .max(MAX_HISTORY_OFFSET, { error: 'offset must be a whole number from 0.' })
    .default(0),
});

/** One row of the profile's list (the spec's field names). */
export const myReportSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  score: z.number().int().nullable(),
  status: reportStatusSchema,
  created_at: instantSchema,
  completed_at: instantSchema.nullable(),
  access_token: z.string(),
});
export type MyReport = z.infer<typeof myReportSchema>;

export const myReportsResponseSchema = z.object({
  ok: z.literal(true),
  /** Exact number of the account's reports. */
  total: z.number().int().min(0),
  offset: z.number().int().min(0),
  reports: z.array(myReportSchema),
});
export type MyReportsResponse = z.infer<typeof myReportsResponseSchema>;
