import { expect, vi } from 'vitest';
import { AnalysisError } from '../analysis-error.ts';
import type { Resolver } from '../types.ts';

/** A resolver that answers every host with these addresses, and records its calls. */
export function resolverOf(...addresses: string[]) {
  return vi.fn<Resolver>(async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const),
  );
}

/** The catalogue code a promise is rejected with; fails the test for any other outcome. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnalysisError);
  return (error as AnalysisError).code;
}
