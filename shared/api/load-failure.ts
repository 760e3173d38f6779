import { isApiError } from './api-error';
import { clientErrorCode } from './client-error-codes';
import { requestFailures } from './messages/request-failures';

/**
 * What a failed load says (spec §8): a 500 internal_server_error reads 'Something went wrong, please try
 * again later.'; any other failure the call's own text when the spec gives one (`own`, e.g. 'Unable to
 * get tickets, please try again'), else the message the client made of it (the server's, or the default).
 */
export function loadFailureText(error: unknown, own?: string): string {
  if (isApiError(error) && error.httpStatus === 500 && error.code === clientErrorCode.internalServerError)
    return requestFailures.internalServerError;
  if (own) return own;
  return error instanceof Error && error.message ? error.message : requestFailures.default;
}
