/**
 * Whether an error means "the database cannot be reached right now" (down, restarting, out of
 * connections) rather than "this query is wrong". The first kind is answered 503 and clears up by
 * itself: the pool opens new connections once PostgreSQL is back. The second stays a 500 bug.
 */

/** Socket-level failures of a connection to PostgreSQL. */
const networkCodes = new Set([
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
 * PostgreSQL's SQLSTATEs for a server going away or not taking connections: class 08 (connection
 * exception), 57P01 admin_shutdown (a fast stop or restart), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres and its pool say, with no code, when a connection dies or cannot be had. */
const driverMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
];

function isUnavailableAlone(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (networkCodes.has(code) || unavailableStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return driverMessages.some((text) => message.includes(text));
}

/**
 * Looks through the error and what it wraps (Drizzle wraps the driver's error as `cause`; a refused
 * connection to a host name with two addresses is an AggregateError of both).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (isUnavailableAlone(error)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}
