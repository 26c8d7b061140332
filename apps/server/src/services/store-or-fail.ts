import { isDatabaseConnectionError } from '../db/connection-error.ts';
import { ApiError } from '../errors.ts';

/**
 * Runs the write that stores a form's address. A database out of reach stays
 * `database_connection` (503, try again); any other failure to store it is `submission_failed`
 * (issue 27: "We could not save your email"), never a 500 that says nothing of the address.
 */
export async function storeOrFail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDatabaseConnectionError(error)) throw error;
    throw new ApiError('submission_failed', undefined, { cause: error });
  }
}
