import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

/**
 * Validates a document against the SARIF 2.1.0 JSON schema, offline: the schema file ships in
 * the @microsoft/jest-sarif package (the 2.1.0-rtm.5 schema also published by SchemaStore, a
 * JSON Schema draft-04 document, hence ajv-draft-04). Its language pattern is not valid as a
 * Unicode regular expression, hence `unicodeRegExp: false`. Returns the errors, [] when valid.
 */
const require = createRequire(import.meta.url);
const schema = JSON.parse(
  readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

export const SARIF_SCHEMA_TITLE: string = schema.title;

export function sarifSchemaErrors(document: unknown): string[] {
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}
