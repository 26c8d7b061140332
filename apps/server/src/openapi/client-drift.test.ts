import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/test-app.ts';
import { committedClientFiles, expectedClientFiles } from './client-files.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

describe('the typed client (packages/client)', () => {
  it('was generated from the routes as they are: run `npm run generate:client` if not', async () => {
    const [expected, committed] = await Promise.all([
      expectedClientFiles(app),
      committedClientFiles(),
    ]);
    // Compared as text: the message names the file, and the diff shows what changed.
    expect(committed.document, 'packages/client/openapi.json').toBe(expected.document);
    expect(committed.schema, 'packages/client/src/schema.ts').toBe(expected.schema);
  });
});
