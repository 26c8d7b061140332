import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

/** The signed-in account of the request, or a 401 for an anonymous caller. */
export function requireUser(request: FastifyRequest): string {
  if (request.userId === null) {
    throw new ApiError('invalid_request', 'Please sign in first.', { statusCode: 401 });
  }
  return request.userId;
}
