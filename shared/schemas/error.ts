import * as v from 'valibot';
import { clientErrorCode } from '../api/client-error-codes';

/**
 * The server error body of spec §8: `{status, message, data, code}`. `message` may be an object of
 * messages (joined for display); `data.fields` carries per-field messages for `validation_error`.
 */
export const ErrorBodySchema = v.object({
  // A string (or a number) where present; read with errorStatusOf, so this needs no union validator in
  // the runtime every element loads.
  status: v.optional(v.unknown()),
  code: v.optional(v.string()),
  message: v.optional(v.unknown()),
  data: v.optional(v.unknown()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

/** The server's `status` as text, or null when it sent none (or something that is not a status). */
export function errorStatusOf(body: ErrorBody): string | null {
  return typeof body.status === 'string' || typeof body.status === 'number' ? String(body.status) : null;
}

/** Statuses and codes the client reacts to (spec §8). */
export const errorStatus = {
  tokenError: 'Token_error',
  companyNotFound: 'company-not-found',
  accessRemoved: 'access-removed',
  validationError: 'validation_error',
} as const;

export const errorCode = {
  invalidNonce: 'rest_cookie_invalid_nonce',
  internalServerError: clientErrorCode.internalServerError,
  validationError: 'validation_error',
  validationErrors: 'validation_errors',
  paymentConfirmationFailed: 'payment_confirmation_failed',
  /** `POST /purchase`: the cart's coupon cannot be used (its message says why); nothing was charged. */
  couponNotAvailable: 'coupon_not_available',
  notFound: 'not_found',
  forbidden: 'forbidden',
  rateLimited: 'rate_limited',
  invalidResponse: clientErrorCode.invalidResponse,
  networkError: clientErrorCode.networkError,
  timeout: clientErrorCode.timeout,
} as const;
