import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { issuePasswordKey, newAccountKeyTtlSeconds } from '../auth/password-reset';
import { unusablePasswordHash } from '../auth/passwords';
import type { Database } from '../db';
import { billingAddresses, type CheckoutBuyer, users } from '../db/schema';

export interface NewAccount {
  userId: number;
  username: string;
  email: string;
  /** The single-use key of the mailed link that lets the buyer choose a password. */
  passwordKey: string;
}

function usernameBase(email: string): string {
  const local =
    email
      .split('@')[0]
      ?.toLowerCase()
      .replace(/[^a-z0-9._-]/g, '') ?? '';
  return local.slice(0, 40) || 'customer';
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The account a guest's payment belongs to (spec §1: "a new account is created at purchase and login
 * details are sent by e-mail"). An account that already has the e-mail address gets the payment, and
 * nobody is signed in; otherwise one is made, with a user name from the address (a number added when
 * taken), a password nobody knows and a key (72 hours, single use) for the mailed link that lets the
 * buyer choose one. No password is ever generated to be mailed. Returns the new account's details to
 * mail, or null.
 */
export async function accountForBuyer(
  tx: Tx,
  buyer: CheckoutBuyer,
): Promise<{ userId: number; created: NewAccount | null }> {
  const existing = async () => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, buyer.email.toLowerCase()));
    return row?.id ?? null;
  };
  const found = await existing();
  if (found !== null) return { userId: found, created: null };
  const passwordHash = await unusablePasswordHash();
  const base = usernameBase(buyer.email);
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = attempt === 0 ? base : `${base}${randomInt(1000, 100000)}`;
    const [row] = await tx
      .insert(users)
      .values({
        username,
        email: buyer.email,
        passwordHash,
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        displayName: `${buyer.firstName} ${buyer.lastName}`.trim(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) {
      if (buyer.address) await tx.insert(billingAddresses).values({ userId: row.id, ...buyer.address });
      const passwordKey = await issuePasswordKey(tx, row.id, newAccountKeyTtlSeconds);
      return { userId: row.id, created: { userId: row.id, username, email: buyer.email, passwordKey } };
    }
    // The address may have been taken meanwhile (then it is that account's payment), or the name.
    const raced = await existing();
    if (raced !== null) return { userId: raced, created: null };
  }
  throw new Error('could not find a free user name for a new account');
}
