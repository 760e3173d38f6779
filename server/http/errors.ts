import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { requestFailures } from '../../shared/api/messages';
import { type ErrorBody, errorCode, errorStatus } from '../../shared/schemas/error';

/** The spec §8 error body with every field present, as this server always sends it. */
export interface ServerErrorBody extends ErrorBody {
  status: string;
  code: string;
  message: string;
  data: Record<string, unknown> | null;
}

/**
 * An expected failure a route or middleware throws: it becomes the spec's error body with this HTTP
 * status. Anything else thrown is a bug and is answered as internal_server_error by `handleError`.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly httpStatus: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly status: string = code,
    readonly data: Record<string, unknown> | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ServerErrorBody {
    return { status: this.status, code: this.code, message: this.message, data: this.data };
  }
}

/** 400 with per-field messages; `message` is the first field's message so a plain toast reads well. */
export function validationError(fields: Record<string, string>, fallbackMessage?: string): HttpError {
  const first = Object.values(fields)[0] ?? fallbackMessage ?? 'The request is not valid.';
  return new HttpError(400, errorCode.validationError, first, errorStatus.validationError, { fields });
}

export function unauthorized(message = 'You are not signed in or your session has expired.'): HttpError {
  return new HttpError(401, errorCode.invalidNonce, message, errorStatus.tokenError, null);
}

export function forbidden(message = 'You are not allowed to do this.'): HttpError {
  return new HttpError(403, errorCode.forbidden, message);
}

export function notFound(message = 'Not found.'): HttpError {
  return new HttpError(404, errorCode.notFound, message);
}

export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    errorCode.rateLimited,
    'Too many attempts, please try again later.',
    errorCode.rateLimited,
    { retry_after: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

export function payloadTooLarge(): HttpError {
  return new HttpError(413, 'payload_too_large', 'The request body is too large.');
}

/**
 * The database cannot be reached (down, restarting, out of connections): nothing is wrong with the
 * request, so the client may simply try again; `Retry-After` says when.
 */
export function serviceUnavailable(retryAfterSeconds = 5): HttpError {
  return new HttpError(
    503,
    'service_unavailable',
    'The service is temporarily unavailable. Please try again in a moment.',
    'service_unavailable',
    { retry_after: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The disk that keeps uploaded files is full: nothing was stored, and the request can be sent again later. */
export function storageFull(): HttpError {
  return new HttpError(
    507,
    'insufficient_storage',
    'There is no room to store the attached files right now. Please try again later.',
  );
}

export function sendError(c: Context, error: HttpError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.body(), error.httpStatus);
}

export const internalErrorBody: ServerErrorBody = {
  status: errorCode.internalServerError,
  code: errorCode.internalServerError,
  message: requestFailures.internalServerError,
  data: null,
};
