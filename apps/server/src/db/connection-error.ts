/**
 * Tells "the database cannot be reached" apart from every other failure, so a request answers
 * 503 database_connection (temporary, try again) instead of 500 internal_error, and a worker
 * backs off instead of failing the report. The driver's error is rarely the one thrown: Drizzle
 * wraps it in a DrizzleQueryError (`cause`), a transaction may wrap that again, and a
 * dual-stack connect gives an AggregateError; so the whole chain is searched.
 */

/** Socket-level failures of a connection to the database server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs for a server that is going away or not there yet: class 08 (connection
 * exception), admin/crash shutdown and "starting up" (57P01-57P03), too many connections.
 */
const SQLSTATE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a connection that dies mid-query with these messages and no code. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
];

/** How deep to follow `cause` links: real chains are 2-3 long, a cycle must not hang us. */
const MAX_DEPTH = 8;

export function isDatabaseConnectionError(error: unknown): boolean {
  return search(error, 0, new Set());
}

function search(error: unknown, depth: number, seen: Set<unknown>): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null || seen.has(error)) {
    return false;
  }
  seen.add(error);
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SQLSTATE_CODES.has(code) || code.startsWith('08')) return true;
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text))) {
    return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => search(inner, depth + 1, seen))) {
    return true;
  }
  return search(cause, depth + 1, seen);
}

/**
 * PostgreSQL SQLSTATEs of a database that is reachable but could not do this write or read right
 * now: serialization failures and deadlocks (class 40), resources exhausted (class 53: disk full,
 * out of memory; 53300 is a connection problem, above), the lock or statement timeouts (55P03,
 * 57014). Trying again later is the answer: 503 `database_error` (issue 27), not 500.
 */
const TRANSIENT_SQLSTATES = /^(40|53)|^55P03$|^57014$/;

export function isTransientDatabaseError(error: unknown): boolean {
  return searchCodes(error, 0, new Set(), (code) => TRANSIENT_SQLSTATES.test(code));
}

function searchCodes(
  error: unknown,
  depth: number,
  seen: Set<unknown>,
  matches: (code: string) => boolean,
): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null || seen.has(error)) {
    return false;
  }
  seen.add(error);
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && matches(code)) return true;
  return searchCodes(cause, depth + 1, seen, matches);
}
