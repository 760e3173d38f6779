import * as v from 'valibot';
import { fieldLimits } from '../../catalogue/limits';
import { profileMessages as m, passwordChangeMessages as pw } from '../messages';
import { email, matchField, maxLength, required, trimmedString } from '../rules';

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

/** Password change (`POST /profile` type password). No strength rule here (spec §5). */
export const passwordChangeSchema = v.pipe(
  v.object({
    new_password: v.pipe(v.nullish(v.string(pw.passwordEmpty), ''), required('Password', pw.passwordEmpty)),
    new_password_2: v.pipe(
      v.nullish(v.string(pw.confirmEmpty), ''),
      required('Confirm password', pw.confirmEmpty),
    ),
  }),
  matchField('new_password_2', 'new_password', pw.confirmMismatch),
);
export type PasswordChangeForm = v.InferOutput<typeof passwordChangeSchema>;
