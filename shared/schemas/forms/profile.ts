import * as v from 'valibot';
import { fieldLimits } from '../../catalogue/limits';
import { profileMessages as m, passwordChangeMessages as pw, resetPasswordMessages } from '../messages';
import { reauthMessages } from '../reauth-messages';
import { email, matchField, maxLength, required, trimmedString } from '../rules';
import { isStrongPassword } from './auth';

/** Profile tab (`POST /profile` type profile). */
export const profileFormSchema = v.object({
  first_name: v.pipe(
    trimmedString(m.firstNameRequired),
    required('First name', m.firstNameRequired),
    maxLength('First name', fieldLimits.name, m.firstNameTooLong),
  ),
  last_name: v.pipe(
    trimmedString(m.lastNameRequired),
    required('Last name', m.lastNameRequired),
    maxLength('Last name', fieldLimits.name, m.lastNameTooLong),
  ),
  display_name: v.pipe(
    trimmedString(m.displayNameRequired),
    required('Display name', m.displayNameRequired),
    maxLength('Display name', fieldLimits.displayName, m.displayNameTooLong),
  ),
  email: v.pipe(trimmedString(m.emailRequired), required('Email', m.emailRequired), email()),
});
export type ProfileForm = v.InferOutput<typeof profileFormSchema>;

/**
 * Password change (`POST /profile` type password): the reset's strength rule and message (issue 26:
 * one rule for every new password), and the current password with, when 2FA is on, a code (the server
 * checks both; a token alone cannot change the password).
 */
export const passwordChangeSchema = v.pipe(
  v.object({
    current_password: v.pipe(
      v.nullish(v.string(reauthMessages.passwordEmpty), ''),
      required('Current password', reauthMessages.passwordEmpty),
    ),
    code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64)), ''),
    new_password: v.pipe(
      v.nullish(v.string(pw.passwordEmpty), ''),
      required('Password', pw.passwordEmpty),
      v.check((input: string) => input === '' || isStrongPassword(input), resetPasswordMessages.passwordWeak),
    ),
    new_password_2: v.pipe(
      v.nullish(v.string(pw.confirmEmpty), ''),
      required('Confirm password', pw.confirmEmpty),
    ),
  }),
  matchField('new_password_2', 'new_password', pw.confirmMismatch),
);
export type PasswordChangeForm = v.InferOutput<typeof passwordChangeSchema>;
