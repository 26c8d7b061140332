import { errorBodySchema, issueCatalogueCode } from '@crawlwise/shared/api/contract';
import { ERROR_CATALOGUE, type ErrorCode } from '@crawlwise/shared/error-catalogue';
import fastifySwagger from '@fastify/swagger';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifySchema,
  FastifySerializerCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ErrorBody, errorBody } from '../errors.ts';
import { contractJson } from './contract-json.ts';

/**
 * Route contracts (docs/api.md). Every route declares its request and answer with the shared zod
 * schemas of `packages/shared/src/api/`, registered through fastify-type-provider-zod: the one
 * declaration validates the request (a refused field answers its catalogue code, see
 * `validationErrorBody`), types `request.body` and the reply, serialises the answer (fields
 * outside the contract are never sent) and makes the OpenAPI description at /api/docs/json.
 */
export const openApiPlugin = fp<{ checkAnswers: boolean }>(
  async (app, { checkAnswers }) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(contractSerializer(checkAnswers));
    app.addHook('onRoute', assertZodContract);
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Crawlwise API',
          version: '0.1.0',
          description:
            'Every failure answers `{ok:false, error, message}` where `error` is a code of the ' +
            'error catalogue (product spec, point 8), and `field` names the request field that ' +
            'was refused, if one was. POST bodies are JSON only (16 KB at most) and must come ' +
            'from this site: a foreign Origin header is refused. Scripts and agents send an ' +
            'API token instead of the session cookie: `Authorization: Bearer <secret>` ' +
            '(`bearerAuth`; create one with `POST /api/me/tokens`).',
        },
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              description:
                'An API token from `POST /api/me/tokens`: `read` reaches the GET routes, ' +
                '`write` also creates reports, site checks and watches.',
            },
            sessionCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: 'better-auth.session_token',
              description: 'The browser session of a signed-in account.',
            },
          },
        },
        security: [{}, { sessionCookie: [] }, { bearerAuth: [] }],
        tags: [
          { name: 'reports', description: 'Create and read SEO reports' },
          { name: 'forms', description: 'Newsletter, contact and partner waitlist' },
          {
            name: 'accounts',
            description:
              'Your history, display name and picture (session cookie). Sign-up, sign-in, ' +
              'password change and account deletion are Better Auth’s routes under /api/auth/',
          },
          { name: 'site checks', description: 'Whole-site checks: a sitemap or a list of pages' },
          {
            name: 'monitoring',
            description: 'Watches: scheduled re-checks of your pages, mailed when they get worse',
          },
          {
            name: 'teams',
            description:
              'A team’s activity and its ownership transfer. Creating teams, invitations, ' +
              'members and roles are Better Auth’s routes under /api/auth/organization/ ' +
              '(docs/teams.md)',
          },
          {
            name: 'tokens',
            description: 'API tokens for scripts and agents (session cookie only)',
          },
          { name: 'operations', description: 'Health and readiness probes' },
          { name: 'pages', description: 'Server-rendered fallbacks for browsers without script' },
        ],
      },
      // Static files and the SPA fallback are not API: only tagged routes are described.
      hideUntagged: true,
      transform: jsonSchemaTransform,
    });
    app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

/**
 * Answers are written by fast-json-stringify compiled from the route's zod schema: only the
 * contract's fields are sent, at about twice the speed of zod's own encoding (0.10 against
 * 0.26 ms for a 21 KB report; the report read is the hottest route). Outside production each
 * answer is also checked against the zod schema, so a handler that drifts from its contract
 * fails the test suite (500 `internal_error`) instead of sending something else.
 */
function contractSerializer(checkAnswers: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const schema = route.schema as z.ZodType;
    const write = contractJson(schema);
    if (!checkAnswers) return write;
    const check = serializerCompiler(route);
    return (data) => {
      check(data);
      return write(data);
    };
  };
}

/**
 * Refuses, at start-up, a route whose request parts are not zod schemas (they would not be
 * validated the same way) or an API route that does not declare its answers: the contract is
 * enforced, not a convention.
 */
export function assertZodContract(route: RouteOptions): void {
  const schema = route.schema as (FastifySchema & { hide?: boolean; tags?: string[] }) | undefined;
  if (!schema) return;
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    const declared = schema[part];
    if (declared !== undefined && !(declared instanceof z.ZodType)) {
      throw new Error(`${route.method} ${route.url}: its ${part} schema must be a zod schema`);
    }
  }
  if (schema.tags && !schema.response) {
    throw new Error(`${route.method} ${route.url}: a documented route must declare its answers`);
  }
}

/** An app (or plugin scope) whose routes declare their schemas with zod. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The answer to a request the route's schema refused: the catalogue code a shared rule attached
 * to the first issue (`missing_url`, `invalid_email`, ...), else `invalid_request`, with that
 * issue's message and the field it is about.
 */
export function validationErrorBody(
  error: FastifyError & {
    validation: Array<{ instancePath: string; message?: string; params: Record<string, unknown> }>;
  },
): { statusCode: number; body: ErrorBody } {
  const [issue] = error.validation;
  const code = issueCatalogueCode(issue?.params.params) ?? 'invalid_request';
  const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
  const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
  const field = path ? `${where}.${path}` : where;
  return {
    statusCode: ERROR_CATALOGUE[code].httpStatus,
    body: {
      ...errorBody(code, issue?.message),
      ...(field ? { field } : {}),
    },
  };
}

/** A catalogue code, answered with its catalogue status or with the one given. */
export type ErrorSpec = ErrorCode | readonly [ErrorCode, number];

/** Every route can fail this way: an unexpected fault, or the database out of reach. */
const SERVER_ERRORS: ErrorSpec[] = ['internal_error', 'database_connection'];

/** What any JSON POST can be refused with before the route runs. */
export const BODY_ERRORS: ErrorSpec[] = [
  ['invalid_request', 400], // malformed JSON
  ['invalid_request', 403], // foreign Origin
  ['invalid_request', 413], // over the body limit
  ['invalid_request', 415], // not application/json
];

/**
 * An error answer documented with the codes a route can give at that status. Errors are sent by
 * the error handler with the catalogue shape (errors.ts), so this schema only documents them.
 */
const errorSchema = (codes: ErrorCode[]) =>
  errorBodySchema
    .extend({ error: z.enum(codes as [ErrorCode, ...ErrorCode[]]) })
    .describe(
      `Error codes: ${codes.map((code) => `\`${code}\` (${ERROR_CATALOGUE[code].title})`).join(', ')}`,
    );

function codesByStatus(specs: ErrorSpec[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const spec of [...specs, ...SERVER_ERRORS]) {
    const [code, status] =
      typeof spec === 'string' ? [spec, ERROR_CATALOGUE[spec].httpStatus] : spec;
    const codes = byStatus.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    byStatus.set(status, codes);
  }
  return byStatus;
}

/** Response schemas for the error codes a route can answer, grouped by HTTP status. */
export function errorResponses(
  ...specs: ErrorSpec[]
): Record<number, ReturnType<typeof errorSchema>> {
  return Object.fromEntries(
    [...codesByStatus(specs)].map(([status, codes]) => [status, errorSchema(codes)]),
  );
}

/** The same, for a route that answers errors as an HTML page (title and description). */
export function errorPages(specs: ErrorSpec[]): Record<number, ReturnType<typeof htmlResponse>> {
  return Object.fromEntries(
    [...codesByStatus(specs)].map(([status, codes]) => [
      status,
      htmlResponse(`Error page for: ${codes.map((code) => `\`${code}\``).join(', ')}`),
    ]),
  );
}

/** A response that is not JSON (a page, a file): documented, never serialised. */
export const fileResponse = (
  description: string,
  contentType: string,
  schema: z.ZodType = z.string(),
) => ({
  description,
  content: { [contentType]: { schema } },
});

/** A server-rendered HTML page (documented, not serialised). */
export const htmlResponse = (description: string) => fileResponse(description, 'text/html');
