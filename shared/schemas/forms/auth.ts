import * as v from 'valibot';
import { fieldLimits } from '../../catalogue/limits';
import {
  forgotPasswordMessages as forgot,
  resetPasswordMessages as reset,
  signInMessages as signIn,
  twoFactorMessages,
} from '../messages';
import { email, matchField, required, trimmedString } from '../rules';

/** Sign-in form (spec §5). The store sends `email` as the call's `username`. */
export const signInFormSchema = v.object({
  email: v.pipe(
    trimmedString(signIn.emailEmpty),
    required('Email', signIn.emailEmpty),
    email(signIn.emailInvalid),
  ),
  // Passwords are not trimmed: a space may be part of one.
  password: v.pipe(v.nullish(v.string(signIn.passwordEmpty), ''), required('Password', signIn.passwordEmpty)),
});
export type SignInForm = v.InferOutput<typeof signInFormSchema>;

/** 2FA code entry: only emptiness is checked (spec §5: "no length check is enforced"). */
export const twoFactorCodeSchema = v.object({
  code: v.pipe(trimmedString(twoFactorMessages.codeEmpty), required('Code', twoFactorMessages.codeEmpty)),
});
export type TwoFactorCodeForm = v.InferOutput<typeof twoFactorCodeSchema>;

const forgotEmail = v.pipe(
  trimmedString(forgot.emailRequired),
  required('Email', forgot.emailRequired),
  email(forgot.emailInvalid),
);

/** Forgot-password form. */
export const forgotPasswordSchema = v.object({ email: forgotEmail });
export type ForgotPasswordForm = v.InferOutput<typeof forgotPasswordSchema>;

/** `POST /reset-password` asking for the link: `{user}` is the e-mail of the form above. */
export const forgotPasswordRequestSchema = v.object({ user: forgotEmail });

/** 1 lowercase, 1 uppercase, 1 digit, 8 characters or more. */
export function isStrongPassword(password: string): boolean {
  return (
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    password.length >= fieldLimits.passwordMin
  );
}

const newPassword = v.pipe(
  v.nullish(v.string(reset.passwordEmpty), ''),
  required('Password', reset.passwordEmpty),
  v.check((input: string) => input === '' || isStrongPassword(input), reset.passwordWeak),
);
const confirmPassword = v.pipe(
  v.nullish(v.string(reset.confirmEmpty), ''),
  required('Confirm password', reset.confirmEmpty),
);

/** Reset-password form; field names match the server's field errors (password, password_confirmation). */
export const resetPasswordFormSchema = v.pipe(
  v.object({ password: newPassword, password_confirmation: confirmPassword }),
  matchField('password_confirmation', 'password', reset.confirmMismatch),
);
export type ResetPasswordForm = v.InferOutput<typeof resetPasswordFormSchema>;

/** `POST /reset-password` setting the password (spec §7): the same rules on the call's field names. */
export const resetPasswordRequestSchema = v.pipe(
  v.object({
    key: v.pipe(v.string(), v.nonEmpty()),
    user: v.pipe(v.string(), v.nonEmpty()),
    action: v.literal('rp'),
    new_pass: newPassword,
    new_pass_2: confirmPassword,
  }),
  matchField('new_pass_2', 'new_pass', reset.confirmMismatch),
);
export type ResetPasswordRequest = v.InferOutput<typeof resetPasswordRequestSchema>;
