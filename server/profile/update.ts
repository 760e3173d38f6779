import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { fieldLimits } from '../../shared/catalogue/limits';
import { billingAddressSchema } from '../../shared/schemas/forms/address';
import { passwordChangeSchema, profileFormSchema } from '../../shared/schemas/forms/profile';
import { billingAddressMessages } from '../../shared/schemas/messages';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions, type SessionRow, type UserRow } from '../auth/sessions';
import type { Database } from '../db';
import { billingAddresses, users } from '../db/schema';
import { isCountry, stateOptions } from '../geo/regions';
import { validationError } from '../http/errors';
import { parseWith } from '../http/validate';
import type { Mailer } from '../mail/mailer';
import { requestEmailChange } from './email-change';

/** Longer than any real address (RFC 5321); a longer one is refused before it reaches the mailer. */
const emailMax = 254;
/** Spec §9's minimum, and a ceiling that keeps scrypt's work bounded. */
const passwordMax = 1024;

/**
 * Type `profile`: names now; a new e-mail address only once the link mailed to it is opened (it must
 * not belong to another account). Answers the address waiting for confirmation, if one was asked.
 */
export async function updateNames(
  db: Database,
  mailer: Mailer,
  origin: string | null,
  user: UserRow,
  body: unknown,
): Promise<string | null> {
  const form = parseWith(profileFormSchema, body);
  if (form.email.length > emailMax) throw validationError({ email: 'Please insert a valid email' });
  await db
    .update(users)
    .set({
      firstName: form.first_name,
      lastName: form.last_name,
      displayName: form.display_name,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  if (form.email.toLowerCase() === user.email.toLowerCase()) return null;
  // The link's origin is the configured one, never the request's Host header (which a sender picks).
  if (!origin) throw new Error('No public origin to build the confirmation link');
  await requestEmailChange(db, mailer, origin, user, form.email);
  return form.email;
}

/**
 * Type `address`: the billing rules of spec §5 with the state required exactly when the country has
 * states; country and state must be real ones (the form only offers those).
 */
export async function updateAddress(db: Database, user: UserRow, body: unknown): Promise<void> {
  const raw = v.parse(v.record(v.string(), v.unknown()), body);
  const country = typeof raw.country === 'string' ? raw.country.trim().toUpperCase() : '';
  const states = stateOptions(country);
  const address = parseWith(billingAddressSchema({ countryHasStates: states.length > 0 }), {
    ...raw,
    country,
  });
  if (!isCountry(address.country)) throw validationError({ country: billingAddressMessages.countryRequired });
  if (states.length > 0 && !states.some((s) => s.value === address.state)) {
    throw validationError({ state: billingAddressMessages.stateRequired });
  }
  const values = { ...address, state: states.length > 0 ? address.state : '', updatedAt: new Date() };
  await db
    .insert(billingAddresses)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: billingAddresses.userId, set: values });
}

/**
 * Type `password`: the spec §5 form rules (no strength rule) plus §9's minimum length. Every other
 * session of the account ends, so a stolen token stops working; this one goes on.
 */
export async function updatePassword(
  db: Database,
  user: UserRow,
  session: SessionRow,
  body: unknown,
): Promise<void> {
  const form = parseWith(passwordChangeSchema, body);
  if (form.new_password.length < fieldLimits.passwordMin) {
    throw validationError({
      new_password: `Password must be at least ${fieldLimits.passwordMin} characters`,
    });
  }
  if (form.new_password.length > passwordMax) {
    throw validationError({ new_password: `Password must be at most ${passwordMax} characters` });
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(form.new_password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, session.id);
}
