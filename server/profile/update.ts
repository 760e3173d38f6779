import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { billingAddressSchema } from '../../shared/schemas/forms/address';
import { passwordChangeSchema, profileFormSchema } from '../../shared/schemas/forms/profile';
import { billingAddressMessages } from '../../shared/schemas/messages';
import { ReauthSchema } from '../../shared/schemas/reauth';
import { refuseCommonPassword } from '../auth/common-passwords';
import { hashPassword } from '../auth/passwords';
import { withConfirmedIdentity } from '../auth/reauth';
import { mailSecurityNotice } from '../auth/security-notice';
import { revokeUserSessions, type SessionRow, type UserRow } from '../auth/sessions';
import type { Config } from '../config';
import type { Database } from '../db';
import { billingAddresses, users } from '../db/schema';
import { isCountry, stateOptions } from '../geo/regions';
import { validationError } from '../http/errors';
import { parseWith } from '../http/validate';
import type { Mailer } from '../mail/mailer';
import { mailEmailChange, type RecordedEmailChange, recordEmailChange } from './email-change';

/** Longer than any real address (RFC 5321); a longer one is refused before it reaches the mailer. */
const emailMax = 254;
/** A ceiling that keeps scrypt's work bounded. */
const passwordMax = 1024;

/** What the profile's sensitive changes need besides the body. */
export interface ProfileChangeContext {
  db: Database;
  mailer: Mailer;
  /** The configured public origin (never the request's Host header, which a sender picks). */
  origin: string | null;
  limits: Config['signInRateLimit'];
  user: UserRow;
  session: SessionRow;
}

/**
 * Type `profile`: names now; a new e-mail address only with the current password (and code), and once
 * the link mailed to it is opened. Answers the address waiting for confirmation, if one was asked: the
 * same whether or not another account has it (no enumeration; see email-change.ts).
 */
export async function updateNames(ctx: ProfileChangeContext, body: unknown): Promise<string | null> {
  const { db, user } = ctx;
  const form = parseWith(profileFormSchema, body);
  if (form.email.length > emailMax) throw validationError({ email: 'Please insert a valid email' });
  const changesEmail = form.email.toLowerCase() !== user.email.toLowerCase();
  const write = async (tx: Database) => {
    await tx
      .update(users)
      .set({
        firstName: form.first_name,
        lastName: form.last_name,
        displayName: form.display_name,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    return changesEmail ? recordEmailChange(tx, user, form.email) : null;
  };
  let change: RecordedEmailChange | null;
  if (changesEmail) {
    if (!ctx.origin) throw new Error('No public origin to build the confirmation link');
    const proof = parseWith(ReauthSchema, body);
    change = await withConfirmedIdentity(db, ctx.limits, user, ctx.session, proof, write);
  } else change = await db.transaction(write);
  if (!change || !ctx.origin) return null;
  await mailEmailChange(db, ctx.mailer, ctx.origin, user, change);
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
 * Type `password`: the reset's strength rule, not a common password, and the current password (and
 * code) checked. The new hash, the end of every other session (a stolen token stops working) and the
 * spending of the code are one transaction; this session goes on, and the owner is mailed.
 */
export async function updatePassword(ctx: ProfileChangeContext, body: unknown): Promise<void> {
  const { db, user, session } = ctx;
  const form = parseWith(passwordChangeSchema, body);
  if (form.new_password.length > passwordMax) {
    throw validationError({ new_password: `Password must be at most ${passwordMax} characters` });
  }
  refuseCommonPassword(form.new_password, 'new_password');
  // Hashed before the transaction, which would otherwise stay open for scrypt's time.
  const passwordHash = await hashPassword(form.new_password);
  await withConfirmedIdentity(db, ctx.limits, user, session, form, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, session.id);
  });
  await mailSecurityNotice(db, ctx.mailer, ctx.origin, user, 'password');
}
