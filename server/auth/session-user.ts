import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Address, Card, Profile } from '../../shared/schemas/profile';
import type { SessionUser } from '../../shared/schemas/session';
import { accountTypes } from '../../shared/schemas/session';
import type { Database } from '../db';
import { affiliates, billingAddresses, companies, companyMembers, paymentMethods, users } from '../db/schema';
import type { SessionRow, UserRow } from './sessions';

/** Spec §6: an unknown stored type is treated as the default one. */
function accountTypeOf(user: UserRow): string {
  return (accountTypes as readonly string[]).includes(user.accountType) ? user.accountType : 'CUSTOMER';
}

/** Gravatar accepts SHA-256 of the trimmed, lower-cased address; `d=mp` gives a neutral silhouette. */
function gravatarUrl(email: string, size: number): string {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${hash}?s=${size}&d=mp`;
}

/** The staff member a switched session returns to (spec §3 switch_back_to), or null when not switched. */
async function switchedBy(db: Database, session: Pick<SessionRow, 'switchedByUserId'> | null) {
  if (!session?.switchedByUserId) return null;
  const [staff] = await db.select().from(users).where(eq(users.id, session.switchedByUserId)).limit(1);
  return staff ?? null;
}

/**
 * The signed-in user of spec §3, as /signin and /profile answer it. `session` tells whether a shop
 * manager switched into this account (spec §4), which fills `switch_back_to`.
 */
export async function buildSessionUser(
  db: Database,
  user: UserRow,
  session: Pick<SessionRow, 'switchedByUserId'> | null = null,
): Promise<SessionUser> {
  const staff = await switchedBy(db, session);
  const memberships = await db
    .select({ id: companies.id, name: companies.name, rolePermission: companyMembers.rolePermission })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(and(eq(companyMembers.userId, user.id), eq(companyMembers.removed, false)))
    .orderBy(asc(companies.id));
  const [affiliate] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(eq(affiliates.userId, user.id))
    .limit(1);
  const active = memberships.find((m) => m.id === user.activeCompanyId) ?? null;
  const accountType = accountTypeOf(user);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.displayName;

  return {
    id: user.id,
    display_name: user.displayName,
    first_name: user.firstName,
    last_name: user.lastName,
    name,
    email: user.email,
    gravatar: gravatarUrl(user.email, 96),
    profile_image: gravatarUrl(user.email, 256),
    user_type: accountType,
    accountType,
    // While switched, the account type of the staff member actually signed in.
    loggedInAccountType: staff ? accountTypeOf(staff) : accountType,
    status: user.status,
    is_customer: user.isCustomer,
    twoFA: { totp: user.totpSecret !== null, email: user.emailTwoFactor },
    switch_back_to: staff
      ? {
          user_id: staff.id,
          display_name: staff.displayName,
          first_name: staff.firstName,
          last_name: staff.lastName,
        }
      : null,
    switched_user: staff !== null,
    role_permission: active ? active.rolePermission : null,
    activeProfile: active ? { id: active.id, name: active.name } : null,
    allProfiles: memberships.map((m) => ({ id: m.id, name: m.name })),
    has_affiliates: affiliate !== undefined,
  };
}

/** `GET /profile`: the session user plus address and cards (spec §3 Profile). */
export async function buildProfile(
  db: Database,
  user: UserRow,
  session: Pick<SessionRow, 'switchedByUserId'> | null = null,
): Promise<Profile> {
  const [sessionUser, [addressRow], cardRows] = await Promise.all([
    buildSessionUser(db, user, session),
    db.select().from(billingAddresses).where(eq(billingAddresses.userId, user.id)).limit(1),
    db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, user.id))
      .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id)),
  ]);
  const address: Address = {
    line1: addressRow?.line1 ?? '',
    line2: addressRow?.line2 ?? '',
    country: addressRow?.country ?? '',
    state: addressRow?.state ?? '',
    city: addressRow?.city ?? '',
    zip: addressRow?.zip ?? '',
  };
  const cards: Card[] = cardRows.map((card) => ({
    default: card.isDefault,
    source: { id: card.gatewayRef, brand: card.brand, last4: card.last4 },
  }));
  return { ...sessionUser, address, cards };
}
