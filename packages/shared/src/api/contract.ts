import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../error-catalogue.ts';

/**
 * The building blocks of the API contract (docs/api.md): every endpoint's request and answer is
 * one zod schema in `packages/shared/src/api/`. The server registers them on its routes (they
 * validate requests, serialise answers and make the OpenAPI document); the web app imports the
 * types inferred from them.
 */

/** Where a rule's catalogue code travels on a zod issue (read by the server's error handler). */
export const CATALOGUE_CODE_PARAM = 'catalogueCode';

/** The catalogue code a validation issue carries, if a shared rule attached one. */
export function issueCatalogueCode(params: unknown): ErrorCode | null {
  const code = (params as Record<string, unknown> | undefined)?.[CATALOGUE_CODE_PARAM];
  return typeof code === 'string' && code in ERROR_CATALOGUE ? (code as ErrorCode) : null;
}

type RuleResult<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; message: string };

/**
 * A field read by one of the shared rules (an address, a site) rather than by plain types: its
 * failure is that rule's catalogue code and message (`missing_url`, `url_too_long`, ...), as the
 * web form shows it. `documented` is what the OpenAPI document says the field accepts.
 */
export function ruleField<T>(
  rule: (input: unknown) => RuleResult<T>,
  documented: Record<string, unknown>,
): z.ZodType<T, unknown> {
  return z
    .unknown()
    .transform((input, context) => {
      const result = rule(input);
      if (result.ok) return result.value;
      context.addIssue({
        code: 'custom',
        message: result.message,
        params: { [CATALOGUE_CODE_PARAM]: result.code },
      });
      return z.NEVER;
    })
    .meta(documented);
}

/**
 * A field whose every failure is one catalogue code (the newsletter's address is `invalid_email`,
 * whatever is wrong with it), with the field schema's own messages.
 */
export function codedField<T extends z.ZodType>(
  schema: T,
  code: ErrorCode,
): z.ZodType<z.output<T>, unknown> {
  return z
    .unknown()
    .transform((input, context) => {
      const result = schema.safeParse(input);
      if (result.success) return result.data as z.output<T>;
      for (const issue of result.error.issues) {
        context.addIssue({
          code: 'custom',
          message: issue.message,
          path: issue.path,
          params: { [CATALOGUE_CODE_PARAM]: code },
        });
      }
      return z.NEVER;
    })
    .meta(z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }));
}

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

/** Every failure: `{ok:false, error, message}`, plus the request field at fault if one was. */
export const errorBodySchema = z.object({
  ok: z.literal(false),
  error: z.enum(ERROR_CODES),
  message: z.string(),
  /** The request field that was refused, as a path (`body.siteUrl`, `query.offset`). */
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{ok:true}`: an action that answers nothing else. */
export const okSchema = z.object({ ok: z.literal(true) });

/** `{ok:true, message}`: the answer of the form endpoints. */
export const okMessageSchema = z.object({ ok: z.literal(true), message: z.string() });

/** An ISO 8601 instant, as every date of the API is sent. */
export const instantSchema = z.iso.datetime();

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a row at all: anything else is "not found" without a query. */
export function isUuid(value: string): boolean {
  return UUID_SHAPE.test(value);
}
