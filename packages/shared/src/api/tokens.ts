import { z } from 'zod';
import { instantSchema } from './contract.ts';

/** API tokens (docs/api.md › Tokens): the contract of `/api/me/tokens*`. */

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Tokens one account may hold at once. */
export const MAX_API_TOKENS_PER_ACCOUNT = 20;
export const API_TOKEN_NAME_MAX = 60;

/** The prefix every secret starts with, so a leaked one is recognisable (secret scanners). */
export const API_TOKEN_PREFIX = 'cw_';

export const createTokenBodySchema = z.object({
  name: z
    .string({ error: 'Name the token.' })
    .trim()
    .min(1, 'Name the token.')
    .max(API_TOKEN_NAME_MAX, `Use at most ${API_TOKEN_NAME_MAX} characters for the name.`),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'Choose read or write.' }),
});
export type CreateTokenBody = z.input<typeof createTokenBodySchema>;

/** A token as listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: instantSchema,
  lastUsedAt: instantSchema.nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenSchema>;

/** The creation's answer: the only time the secret is shown. */
export const createTokenResponseSchema = z.object({
  ok: z.literal(true),
  token: apiTokenSchema,
  secret: z.string(),
});
export type CreateTokenResponse = z.infer<typeof createTokenResponseSchema>;

export const tokenListResponseSchema = z.object({
  ok: z.literal(true),
  tokens: z.array(apiTokenSchema),
});
export type TokenListResponse = z.infer<typeof tokenListResponseSchema>;

export const tokenIdParamsSchema = z.object({ id: z.string().describe('The token id') });
