import { writeFile } from 'node:fs/promises';
import { buildTestApp } from '../test-support/test-app.ts';
import { CLIENT_DOCUMENT, CLIENT_SCHEMA, expectedClientFiles } from './client-files.ts';

/**
 * `npm run generate:client`: writes the typed client's OpenAPI document and types from the
 * routes (an app on a throwaway embedded database, never listening).
 */
const { app } = await buildTestApp();
try {
  const files = await expectedClientFiles(app);
  await writeFile(CLIENT_DOCUMENT, files.document);
  await writeFile(CLIENT_SCHEMA, files.schema);
  console.log(`wrote ${CLIENT_DOCUMENT} and ${CLIENT_SCHEMA}`);
} finally {
  await app.close();
}
