import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';

/**
 * The JSON writer of a contract schema, as every answer is written (fast-json-stringify compiled
 * from the zod schema's output JSON Schema): only the contract's fields, in its order. Used by
 * the routes' serializer (openapi.ts) and wherever a part of an answer is written ahead of the
 * request (the stored site report, services/site-report-store.ts), so both write the same bytes.
 */
export function contractJson(schema: z.ZodType): (data: unknown) => string {
  return fastJsonStringify(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as never,
  );
}
