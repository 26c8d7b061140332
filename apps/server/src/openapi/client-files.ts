import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaSourceOf, stableDocument } from '@crawlwise/client/generate';
import type { FastifyInstance } from 'fastify';

/**
 * The typed client's two generated files (packages/client): the OpenAPI document as the server
 * serves it, and the TypeScript types generated from it. Written by `npm run generate:client`,
 * compared by client-drift.test.ts.
 */

const CLIENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/client',
);
export const CLIENT_DOCUMENT = path.join(CLIENT_DIR, 'openapi.json');
export const CLIENT_SCHEMA = path.join(CLIENT_DIR, 'src/schema.ts');

export interface ClientFiles {
  document: string;
  schema: string;
}

/** What the two files must hold for this server's routes. */
export async function expectedClientFiles(app: FastifyInstance): Promise<ClientFiles> {
  await app.ready();
  const document = stableDocument(app.swagger() as unknown as Record<string, unknown>);
  return {
    document: `${JSON.stringify(document, null, 2)}\n`,
    schema: await schemaSourceOf(document),
  };
}

export async function committedClientFiles(): Promise<ClientFiles> {
  return {
    document: await readFile(CLIENT_DOCUMENT, 'utf8'),
    schema: await readFile(CLIENT_SCHEMA, 'utf8'),
  };
}
