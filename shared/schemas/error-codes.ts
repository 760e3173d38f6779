/*
 * Apart from the error body's schema (error.ts) so that the public client, which needs only its own two
 * codes, does not carry the schema into the runtime every element loads.
 */

/** Statuses and codes the client reacts to (spec §8). */
export const errorStatus = {
  tokenError: 'Token_error',
  companyNotFound: 'company-not-found',
  accessRemoved: 'access-removed',
  validationError: 'validation_error',
} as const;

export const errorCode = {
  invalidNonce: 'rest_cookie_invalid_nonce',
  internalServerError: 'internal_server_error',
  validationError: 'validation_error',
  validationErrors: 'validation_errors',
  paymentConfirmationFailed: 'payment_confirmation_failed',
  notFound: 'not_found',
  forbidden: 'forbidden',
  rateLimited: 'rate_limited',
  /** Client-side: the response did not match its schema. */
  invalidResponse: 'invalid_response',
  /** Client-side: the request never got an answer. */
  networkError: 'network_error',
} as const;
