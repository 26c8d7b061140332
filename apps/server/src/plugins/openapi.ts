import { ERROR_CATALOGUE, type ErrorCode } from '@crawlwise/shared/error-catalogue';
import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';

/**
 * The OpenAPI description at /api/docs/json, generated from the route schemas. Those schemas
 * document requests and serialise responses; requests are validated by the shared zod schemas
 * inside the routes (one rule set with the web forms, and the spec's messages in the answers),
 * so Fastify's own validation is switched off rather than run twice with other messages.
 */
export const openApiPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(() => (data) => ({ value: data }));
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Crawlwise API',
          version: '0.1.0',
          description:
            'Every failure answers `{ok:false, error, message}` where `error` is a code of the ' +
            'error catalogue (product spec, point 8). POST bodies are JSON only (16 KB at most) ' +
            'and must come from this site: a foreign Origin header is refused.',
        },
        tags: [
          { name: 'reports', description: 'Create and read SEO reports' },
          { name: 'forms', description: 'Newsletter, contact and partner waitlist' },
          {
            name: 'accounts',
            description:
              'Your history, display name and picture (session cookie). Sign-up, sign-in, ' +
              'password change and account deletion are Better Auth’s routes under /api/auth/',
          },
          {
            name: 'monitoring',
            description: 'Watches: scheduled re-checks of your pages, mailed when they get worse',
          },
          { name: 'operations', description: 'Health and readiness probes' },
          { name: 'pages', description: 'Server-rendered fallbacks for browsers without script' },
        ],
      },
      // Static files and the SPA fallback are not API: only tagged routes are described.
      hideUntagged: true,
    });
    app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);

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

const errorSchema = (codes: ErrorCode[]) => ({
  description: `Error codes: ${codes.map((code) => `\`${code}\` (${ERROR_CATALOGUE[code].title})`).join(', ')}`,
  type: 'object',
  required: ['ok', 'error', 'message'],
  properties: {
    ok: { type: 'boolean', enum: [false] },
    error: { type: 'string', enum: codes },
    message: { type: 'string' },
  },
});

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

/** `{ok:true, message}`: the answer of the form endpoints. */
export const okMessageResponse = (description: string) => ({
  description,
  type: 'object',
  required: ['ok', 'message'],
  properties: { ok: { type: 'boolean', enum: [true] }, message: { type: 'string' } },
});

/** A server-rendered HTML page (documented, not serialised). */
export const htmlResponse = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});
