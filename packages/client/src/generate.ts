import openapiTS, { astToString } from 'openapi-typescript';

/**
 * The client's types from the server's OpenAPI document (openapi-typescript). The server writes
 * the document (apps/server/src/openapi/write-client.ts, `npm run generate:client`); a server
 * test regenerates both and fails when the committed files drifted from the routes.
 */

const HEADER = `/**
 * Generated from the Crawlwise OpenAPI document by \`npm run generate:client\`; do not edit.
 * A server test fails when this file no longer matches the routes.
 */
`;

/** The parts of the document that depend on where it was served, not on the API. */
export function stableDocument(document: Record<string, unknown>): Record<string, unknown> {
  const { servers: _servers, host: _host, ...rest } = document;
  return rest;
}

export async function schemaSourceOf(document: Record<string, unknown>): Promise<string> {
  // A deep copy: the generator annotates the object it is given.
  const ast = await openapiTS(structuredClone(document) as never, { alphabetize: true });
  return `${HEADER}${astToString(ast)}`;
}
