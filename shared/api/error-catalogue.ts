import * as v from 'valibot';
import { joinMessages } from '../format/messages';
import { type ErrorBody, ErrorBodySchema, errorCode, errorStatus, errorStatusOf } from '../schemas/error';
import { ApiError } from './api-error';
import { requestFailures } from './messages/request-failures';

/** What the client does about an error besides throwing it (spec §8), decided in one place. */
export type SessionEffect = 'sign-out' | 'company-not-found' | 'access-removed' | null;

export interface InterpretedError {
  error: ApiError;
  effect: SessionEffect;
}

function fieldMessages(body: ErrorBody): Record<string, string> {
  const data = body.data;
  if (data && typeof data === 'object' && 'fields' in data) {
    const fields = (data as { fields: unknown }).fields;
    if (fields && typeof fields === 'object') {
      const out: Record<string, string> = {};
      for (const [name, message] of Object.entries(fields)) {
        const text = joinMessages(message);
        if (text) out[name] = text;
      }
      return out;
    }
  }
  // Servers that send field messages as an object in `message` (spec §8: "Messages may be objects").
  if (body.message && typeof body.message === 'object' && !Array.isArray(body.message)) {
    const out: Record<string, string> = {};
    for (const [name, message] of Object.entries(body.message)) {
      const text = joinMessages(message);
      if (text) out[name] = text;
    }
    return out;
  }
  return {};
}

/** Turns an HTTP failure into an ApiError and the session effect of spec §8. */
export function interpretErrorResponse(httpStatus: number, rawBody: unknown): InterpretedError {
  const parsed = v.safeParse(ErrorBodySchema, rawBody);
  const body: ErrorBody = parsed.success ? parsed.output : {};
  const status = errorStatusOf(body);
  const code = body.code ?? (httpStatus === 401 ? errorCode.invalidNonce : `http_${httpStatus}`);
  const serverMessage = joinMessages(body.message);

  let message = serverMessage || requestFailures.default;
  if (code === errorCode.internalServerError && httpStatus === 500) {
    message = requestFailures.internalServerError;
  }

  let effect: SessionEffect = null;
  if (status === errorStatus.tokenError || code === errorCode.invalidNonce || httpStatus === 401) {
    effect = 'sign-out';
  } else if (status === errorStatus.companyNotFound) {
    effect = 'company-not-found';
  } else if (status === errorStatus.accessRemoved) {
    effect = 'access-removed';
  }

  return {
    error: new ApiError(message, httpStatus, code, status, body.data ?? null, fieldMessages(body)),
    effect,
  };
}
