/**
 * The codes of failures the client finds itself, not the server (spec §8 lists the server's: see
 * schemas/error.ts, which includes these), and the one server code every element tests for itself (a
 * failed load's text). Apart so that the client every element runs carries these few strings only, not
 * every code and the error body's schema.
 */
export const clientErrorCode = {
  /** The response did not match its schema. */
  invalidResponse: 'invalid_response',
  /** The request never got an answer. */
  networkError: 'network_error',
  /** No answer came within the client's time limit. */
  timeout: 'timeout',
  /** The server's code for its own failure (spec §8: with 500, 'Something went wrong, please try again later.'). */
  internalServerError: 'internal_server_error',
} as const;
