import { type HttpError, validationError } from './errors';

/**
 * PostgreSQL errors (SQLSTATE class 22, "data exception") that only a value sent by the caller can
 * cause: a NUL character, which no text column can hold (22021), a number beyond the column's range
 * (22003), or text where a number was expected (22P02). Both drivers report the SQLSTATE as `code`;
 * Drizzle wraps the driver's error in `cause`.
 */
const callerDataErrors = new Set(['22021', '22003', '22P02']);

function sqlState(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The 400 for a request value the database refused, or null for any other error. The routes validate
 * what they read, but free text and path segments can still carry a NUL character: this is the last
 * line, so such a request is the caller's mistake (400), never an internal error (500).
 */
export function callerDataError(error: unknown): HttpError | null {
  const code = sqlState(error);
  if (!code || !callerDataErrors.has(code)) return null;
  return validationError(
    {},
    'The request contains a value that cannot be stored (a NUL character or a number out of range).',
  );
}
