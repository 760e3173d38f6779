import { ApiError } from './api-error';
import { createClientCore, type ErrorInterpreter } from './client-core';
import { clientsFor } from './clients-for';
import { requestFailures } from './messages/request-failures';

/**
 * A public element shows its own failure text whatever the server said (news: 'Get latest news failed'),
 * and has no session for spec §8's effects to act on: its failures carry the HTTP status and the server's
 * code only (enough to tell a 500 internal_server_error), so the error catalogue ships with the signed-in
 * elements, which show its messages.
 */
const statusOnly: ErrorInterpreter = (httpStatus, body) => {
  const code = (body as { code?: unknown } | null)?.code;
  return {
    error: new ApiError(
      requestFailures.default,
      httpStatus,
      typeof code === 'string' ? code : `http_${httpStatus}`,
    ),
    effect: null,
  };
};

/**
 * The client of a public element (`<vendor-news>`): no token sent, no session effects, and none of the
 * session code (stores, storage adapter) or of the error catalogue in what the element downloads.
 */
export const publicApiFor = clientsFor((baseURL) =>
  createClientCore({ baseURL, session: null, interpretError: statusOnly }),
);
