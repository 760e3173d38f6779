import { eq, or, sql } from 'drizzle-orm';
import {
  type AffiliateRegistrationRequest,
  CAPTCHA_FIELD,
  registrationServerMessages as m,
} from '../../shared/schemas/affiliates';
import { affiliateMessages } from '../../shared/schemas/messages';
import { issuePasswordKey, resetKeyTtlSeconds, resetLink } from '../auth/password-reset';
import { unusablePasswordHash } from '../auth/passwords';
import type { UserRow } from '../auth/sessions';
import type { Database } from '../db';
import { affiliates, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { checkCaptcha, spendCaptchaWithin } from './captcha';
import type { AffiliateRow } from './records';

/** spec §8: the code validation_errors carries per-field messages for affiliate registration. */
export function registrationErrors(fields: Record<string, string>): HttpError {
  return new HttpError(400, 'validation_errors', affiliateMessages.validationErrors, 'validation_errors', {
    fields,
  });
}

function captchaRefused(why: 'missing' | 'invalid' | 'reused'): HttpError {
  const message = { missing: m.captchaMissing, invalid: m.captchaInvalid, reused: m.captchaReused }[why];
  return registrationErrors({ [CAPTCHA_FIELD]: message });
}

function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first.slice(0, 60), lastName: rest.join(' ').slice(0, 60) };
}

/** A visitor's registration creates their account too; its e-mail and user name must be free. */
async function takenFields(
  db: Database,
  form: AffiliateRegistrationRequest,
): Promise<Record<string, string>> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.username})`, form.affwp_user_login.toLowerCase()),
        eq(sql`lower(${users.email})`, form.affwp_user_email.toLowerCase()),
      ),
    );
  const fields: Record<string, string> = {};
  for (const row of rows) {
    if (row.username.toLowerCase() === form.affwp_user_login.toLowerCase())
      fields.affwp_user_login = m.usernameTaken;
    if (row.email.toLowerCase() === form.affwp_user_email.toLowerCase())
      fields.affwp_user_email = m.emailTaken;
  }
  return fields;
}

export interface Registered {
  affiliate: AffiliateRow;
  user: UserRow;
  /** Set for a new account: the link that lets its owner choose a password. */
  passwordKey: string | null;
}

/**
 * Creates a pending affiliate (spec §4: approval comes later) for the signed-in user, or for a visitor a
 * new account plus the affiliate, in one transaction that also spends the form's captcha: a refused
 * registration (a taken name, an account already an affiliate) leaves the captcha for the corrected
 * form. A signed-in user registers their own account (the route puts its user name and e-mail in the form).
 */
export async function registerAffiliate(
  db: Database,
  form: AffiliateRegistrationRequest,
  signedIn: UserRow | null,
  now = new Date(),
): Promise<Registered> {
  const captcha = await checkCaptcha(db, form[CAPTCHA_FIELD]);
  if (captcha === 'missing' || captcha === 'invalid') throw captchaRefused(captcha);
  if (!signedIn) {
    const taken = await takenFields(db, form);
    if (Object.keys(taken).length > 0) throw registrationErrors(taken);
  }
  try {
    return await db.transaction(async (tx) => {
      if (!(await spendCaptchaWithin(tx, captcha, now))) throw captchaRefused('reused');
      let user = signedIn;
      let passwordKey: string | null = null;
      if (!user) {
        const { firstName, lastName } = splitName(form.affwp_user_name);
        // Nobody knows this password: the owner sets one through the mailed link.
        const [created] = await tx
          .insert(users)
          .values({
            username: form.affwp_user_login,
            email: form.affwp_user_email,
            passwordHash: await unusablePasswordHash(),
            firstName,
            lastName,
            displayName: form.affwp_user_name.slice(0, 100),
          })
          .returning();
        if (!created) throw new Error('User insert returned no row');
        user = created;
        passwordKey = await issuePasswordKey(tx, user.id, resetKeyTtlSeconds, now);
      }
      const [affiliate] = await tx
        .insert(affiliates)
        .values({
          userId: user.id,
          status: 'pending',
          paymentEmail: form.affwp_payment_email || null,
          websiteUrl: form.affwp_user_url,
          promotionMethod: form.affwp_promotion_method,
          createdAt: now,
        })
        .onConflictDoNothing({ target: affiliates.userId })
        .returning();
      if (!affiliate) throw registrationErrors({ affwp_user_login: m.alreadyAffiliate });
      return { affiliate, user, passwordKey };
    });
  } catch (error) {
    // Two visitors racing for one user name or e-mail: the unique index decides, the loser gets a field error.
    if ((error as { code?: string }).code === '23505' && !signedIn) {
      throw registrationErrors(await takenFields(db, form));
    }
    throw error;
  }
}

/** The confirmation mail of spec §2: pending review, and for a new account how to sign in. */
export async function mailConfirmation(
  mailer: Mailer,
  origin: string,
  registered: Registered,
): Promise<void> {
  const { user, passwordKey } = registered;
  const lines = [
    `Hello ${user.displayName || user.username},`,
    '',
    'Thank you for registering as an affiliate. Your application is pending review; we will let you know once it is approved.',
  ];
  if (passwordKey) {
    lines.push(
      '',
      `An account was created for you. Sign in with your e-mail address: ${user.email}`,
      `Choose your password here (the link works once, for ${resetKeyTtlSeconds / 60} minutes):`,
      resetLink(origin, passwordKey, user),
      `Later, use "Forgot password" at ${new URL('/auth/forget-pass', origin)} to get a new link.`,
    );
  }
  lines.push('', `Your affiliate area: ${new URL('/user/affiliate', origin)}`);
  await mailer.send({ to: user.email, subject: 'Your affiliate registration', text: lines.join('\n') });
}
