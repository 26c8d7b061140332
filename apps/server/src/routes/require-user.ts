import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

/**
 * A route hook (`preValidation`) for signed-in routes: an anonymous caller is answered 401
 * before the request is validated, so a signed-out caller learns only that.
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/** The signed-in account of the request, or a 401 for an anonymous caller. */
export function requireUser(request: FastifyRequest): string {
  if (request.userId === null) {
    throw new ApiError('invalid_request', 'Please sign in first.', { statusCode: 401 });
  }
  return request.userId;
}
