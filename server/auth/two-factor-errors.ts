import { twoFactorFailures } from '../../shared/api/messages';
import { errorStatus } from '../../shared/schemas/error';
import { HttpError } from '../http/errors';

/**
 * A wrong code: spec §8's texts ('Expired code or wrong one' for e-mail codes, the verification-code
 * message otherwise), under the `code` field and as the message the client toasts.
 */
export function wrongCode(method: 'totp' | 'email' | 'recovery'): HttpError {
  const message =
    method === 'email' ? twoFactorFailures.emailCodeExpired : twoFactorFailures.verificationCodeInvalid;
  return new HttpError(400, 'invalid_2fa_code', message, errorStatus.validationError, {
    fields: { code: message },
  });
}

/** The ticket is unknown, used up or older than its 30 minutes: the user signs in again. */
export function challengeExpired(): HttpError {
  return new HttpError(400, 'two_factor_expired', 'Your sign-in has expired, please sign in again.');
}

/** A call that does not fit the step the sign-in is at (e.g. a key before a method was chosen). */
export function wrongStep(): HttpError {
  return new HttpError(409, 'two_factor_wrong_step', 'This two-factor step is not available now.');
}
