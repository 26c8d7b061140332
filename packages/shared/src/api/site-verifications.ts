import { z } from 'zod';
import { ERROR_CATALOGUE } from '../error-catalogue.ts';
import { instantSchema, ruleField } from './contract.ts';
import { siteAddressField } from './site-checks.ts';

/**
 * Site ownership verification (docs/site-checks.md › Site ownership verification): the contract
 * of `/api/site-verifications*`.
 */

export const startSiteVerificationBodySchema = z.object({ siteUrl: siteAddressField });
export type StartSiteVerificationBody = z.input<typeof startSiteVerificationBodySchema>;

/** A verification id: anything but a well-formed uuid names no verification. */
export const siteVerificationIdParamsSchema = z.object({
  id: ruleField(
    (input) =>
      typeof input === 'string' && z.uuid().safeParse(input).success
        ? { ok: true, value: input.toLowerCase() }
        : {
            ok: false,
            code: 'site_verification_not_found',
            message: ERROR_CATALOGUE.site_verification_not_found.description,
          },
    { type: 'string', format: 'uuid', description: 'The verification id' },
  ),
});

export const siteVerificationSchema = z.object({
  id: z.uuid(),
  /** The site's origin (https://example.com/). */
  siteUrl: z.string(),
  /** Published on the site, so not a secret; unique per account and site. */
  token: z.string(),
  /** The meta tag to put in the head of the home page. */
  metaTag: z.string(),
  /** Where the file proof goes; its body is the token. */
  fileUrl: z.string(),
  /** When a check last found a proof; null until then, and again once a re-check finds none. */
  verifiedAt: instantSchema.nullable(),
  lastCheckedAt: instantSchema.nullable(),
  /** What the last check that found no proof saw, in a sentence. */
  lastError: z.string().nullable(),
  createdAt: instantSchema,
});
export type SiteVerification = z.infer<typeof siteVerificationSchema>;

export const siteVerificationResponseSchema = z.object({
  ok: z.literal(true),
  verification: siteVerificationSchema,
});
export const siteVerificationListResponseSchema = z.object({
  ok: z.literal(true),
  verifications: z.array(siteVerificationSchema),
  /** The page cap and floor of a crawl of a verified site on this server. */
  verifiedLimits: z.object({ maxPages: z.number().int(), pageIntervalMs: z.number().int() }),
});
export type SiteVerificationList = z.infer<typeof siteVerificationListResponseSchema>;
