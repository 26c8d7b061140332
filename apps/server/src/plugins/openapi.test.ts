import { isErrorCode } from '@crawlwise/shared/error-catalogue';
import { reportResponseSchema } from '@crawlwise/shared/report';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../test-support/test-app.ts';
import { assertZodContract } from './openapi.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

type Operation = {
  tags?: string[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Schema = { properties?: { error?: { enum?: string[] } } };

async function document() {
  const response = await app.inject('/api/docs/json');
  expect(response.statusCode).toBe(200);
  return response.json() as {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
  };
}

/** The error codes an operation documents for one status. */
function codesAt(operation: Operation | undefined, status: number): string[] {
  const content = operation?.responses[String(status)]?.content ?? {};
  return Object.values(content).flatMap((media) => media.schema.properties?.error?.enum ?? []);
}

describe('GET /api/docs/json', () => {
  it('describes every endpoint, and nothing of the static site', async () => {
    const { openapi, paths } = await document();
    expect(openapi).toBe('3.0.3');
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'DELETE /api/reports/{token}',
        'GET /api/auth-providers',
        'GET /api/avatars/{key}',
        'GET /api/me/reports',
        'GET /api/me/history',
        'GET /api/compare',
        'PATCH /api/me/profile',
        'POST /api/me/avatar',
        'GET /api/leads/unsubscribe',
        'GET /api/reports/{token}',
        'GET /api/reports/{token}/export.csv',
        'GET /api/reports/{token}/export.json',
        'GET /api/reports/{token}/export.pdf',
        'GET /healthz',
        'GET /readyz',
        'GET /report',
        'POST /report',
        'POST /api/contact',
        'POST /api/leads',
        'POST /api/partner-waitlist',
        'POST /api/reports',
        'GET /api/site-checks',
        'POST /api/site-checks',
        'GET /api/site-checks/{id}',
        'POST /api/site-checks/{id}/cancel',
        'GET /api/site-checks/{id}/report',
        'GET /api/site-checks/{id}/export.csv',
        'GET /api/site-checks/{id}/audit/pages',
        'GET /api/site-checks/{id}/audit/pages.csv',
        'GET /api/site-checks/{id}/audit/issues',
        'GET /api/site-checks/{id}/audit/issues.csv',
        'GET /api/site-checks/{id}/audit/issues/{issueId}/items',
        'GET /api/site-checks/{id}/audit/issues/{issueId}/items.csv',
        'GET /api/site-checks/{id}/audit/overview',
        'GET /api/site-checks/{id}/audit/links',
        'GET /api/site-checks/{id}/audit/links.csv',
        'GET /api/site-checks/{id}/audit/structure',
        'GET /api/site-checks/{id}/audit/duplicates',
        'GET /api/site-checks/{id}/audit/duplicates.csv',
        'GET /api/site-checks/{id}/audit/duplicates/diff',
        'GET /api/site-checks/{id}/audit/compare/{otherId}',
        'GET /api/watches',
        'POST /api/watches',
        'DELETE /api/watches/{id}',
        'GET /api/watches/stop',
        'POST /api/watches/stop',
        'GET /api/me/tokens',
        'POST /api/me/tokens',
        'DELETE /api/me/tokens/{id}',
        'GET /api/site-verifications',
        'POST /api/site-verifications',
        'POST /api/site-verifications/{id}/check',
        'DELETE /api/site-verifications/{id}',
        'GET /api/teams/{teamId}/activity',
        'POST /api/teams/{teamId}/transfer-ownership',
      ].sort(),
    );
  });

  it('lists each route’s error codes under their HTTP statuses', async () => {
    const { paths } = await document();
    const createReport = paths['/api/reports']?.post;
    expect(codesAt(createReport, 400)).toEqual(
      expect.arrayContaining(['missing_url', 'invalid_url', 'private_ip', 'invalid_request']),
    );
    expect(codesAt(createReport, 422)).toEqual(
      expect.arrayContaining(['fetch_timeout', 'http_error_404', 'dns_error']),
    );
    expect(codesAt(createReport, 429).sort()).toEqual(['rate_limit_exceeded', 'too_many_requests']);
    expect(codesAt(createReport, 415)).toEqual(['invalid_request']);
    expect(codesAt(paths['/api/reports/{token}']?.get, 410).sort()).toEqual([
      'report_deleted',
      'report_expired',
    ]);
    expect(codesAt(paths['/api/reports/{token}']?.delete, 401)).toEqual(['invalid_request']);
    expect(codesAt(paths['/api/leads']?.post, 409)).toEqual(['duplicate_email']);
    expect(codesAt(paths['/api/leads']?.post, 400)).toContain('invalid_email');
    expect(codesAt(paths['/api/contact']?.post, 400)).toEqual(['invalid_request']);
    // A crawl watch over 500 pages re-reads the site's proof, as a crawl's start does.
    expect(codesAt(paths['/api/watches']?.post, 409).sort()).toEqual([
      'site_verification_lost',
      'watch_exists',
      'watch_limit_reached',
    ]);
    expect(codesAt(paths['/api/watches']?.post, 400)).toContain('unsupported_protocol');
    // A session whose team is no longer the caller's (docs/teams.md) answers team_not_found.
    expect(codesAt(paths['/api/watches/{id}']?.delete, 404).sort()).toEqual([
      'team_not_found',
      'watch_not_found',
    ]);
    expect(codesAt(paths['/readyz']?.get, 503)).toEqual([
      'database_connection',
      'service_unavailable',
    ]);

    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const status of Object.keys(operation.responses)) {
          for (const code of codesAt(operation, Number(status))) {
            expect(isErrorCode(code), `${method} ${path} ${status} ${code}`).toBe(true);
          }
        }
      }
    }
  });

  it('documents the form bodies from the shared schemas', async () => {
    const { paths } = await document();
    const operation = paths['/api/contact']?.post as unknown as
      | { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } }
      | undefined;
    const body = operation?.requestBody.content['application/json']?.schema;
    expect(body).toMatchObject({
      type: 'object',
      required: ['name', 'email', 'message'],
      properties: { name: { maxLength: 100 }, message: { maxLength: 1000 } },
    });
  });

  it('documents the report with the shared report contract', async () => {
    const { paths } = await document();
    const ok = paths['/api/reports/{token}']?.get?.responses['200'];
    const schema = ok?.content?.['application/json']?.schema as Record<string, unknown>;
    const { description, ...generated } = schema;
    expect(description).toContain('locked');
    expect(generated).toEqual(
      JSON.parse(
        JSON.stringify(
          z.toJSONSchema(reportResponseSchema, { io: 'output', target: 'openapi-3.0' }),
        ),
      ),
    );
    // The finding's contract fields are named in the document.
    expect(JSON.stringify(generated)).toContain('"not_applicable"');
    expect(JSON.stringify(generated)).toContain('"howToFix"');
  });
});

describe('the route contract', () => {
  const route = (schema: Record<string, unknown>) =>
    ({ method: 'POST', url: '/api/example', handler: () => {}, schema }) as never;

  it('refuses a request part that is not a zod schema, and a documented route without answers', () => {
    expect(() => assertZodContract(route({ body: { type: 'object' }, response: {} }))).toThrow(
      /body schema must be a zod schema/,
    );
    expect(() =>
      assertZodContract(route({ querystring: { type: 'object' }, response: {} })),
    ).toThrow(/querystring/);
    expect(() => assertZodContract(route({ tags: ['reports'], body: z.object({}) }))).toThrow(
      /must declare its answers/,
    );
    expect(() =>
      assertZodContract(route({ tags: ['reports'], body: z.object({}), response: {} })),
    ).not.toThrow();
  });

  it('answers a refused field with its catalogue code and names the field', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/reports', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'missing_url', field: 'body.url' });
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/site-checks/11111111-2222-3333-4444-555555555555/cancel',
    });
    // Signed out is answered before the request is validated.
    expect(wrongType.statusCode).toBe(401);
    const notAnId = await app.inject({ method: 'GET', url: '/api/compare?a=x&b=x' });
    expect(notAnId.json()).toMatchObject({
      error: 'invalid_request',
      message: 'Pick two different reports to compare.',
      field: 'query.b',
    });
  });

  it('never sends a field outside the contract, and refuses an answer that breaks it', async () => {
    const { app: fresh } = await buildTestApp();
    try {
      const answers = z.object({ ok: z.literal(true), count: z.number().int() });
      const typed = fresh.withTypeProvider<ZodTypeProvider>();
      typed.get('/api/example-extra', { schema: { response: { 200: answers } } }, async () => {
        return { ok: true as const, count: 2, secret: 'not in the contract' };
      });
      typed.get('/api/example-broken', { schema: { response: { 200: answers } } }, async () => {
        return { ok: true, count: 'two' } as never;
      });
      const extra = await fresh.inject('/api/example-extra');
      expect(extra.json()).toEqual({ ok: true, count: 2 });
      const broken = await fresh.inject('/api/example-broken');
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toMatchObject({ ok: false, error: 'internal_error' });
    } finally {
      await fresh.close();
    }
  });
});
