import { z } from 'zod';
import { pageAddressField } from './reports.ts';

export { pageHistoryResponseSchema } from '../page-history.ts';
export { comparisonResponseSchema } from '../report-compare.ts';

/** `GET /api/me/history?url=`: the page whose history is asked for. */
export const pageHistoryQuerySchema = z.object({ url: pageAddressField });

const BOTH_TOKENS = 'Give the two reports’ access tokens as a and b.';

/** `GET /api/compare?a=&b=`: two different reports' access tokens. */
export const compareQuerySchema = z
  .object({
    a: z
      .string({ error: BOTH_TOKENS })
      .min(1, BOTH_TOKENS)
      .describe('Access token of the older report'),
    b: z
      .string({ error: BOTH_TOKENS })
      .min(1, BOTH_TOKENS)
      .describe('Access token of the newer report'),
  })
  .refine((query) => query.a !== query.b, {
    message: 'Pick two different reports to compare.',
    path: ['b'],
  });
