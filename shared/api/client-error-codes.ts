/**
 * The codes of failures the client finds itself, not the server (spec §8 lists the server's: see
 * schemas/error.ts, which includes these). Apart so that the client every element runs carries these few
 * strings only, not every code and the error body's schema.
 */
export const clientErrorCode = {
  /** The response did not match its schema. */
  invalidResponse: 'invalid_response',
  /** The request never got an answer. */
  networkError: 'network_error',
  /** No answer came within the client's time limit. */
  timeout: 'timeout',
} as const;
