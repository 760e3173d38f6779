import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db';
import { type LicenceStatus, licences, payments, users } from '../db/schema';

export interface LicenceFixture {
  email: string;
  downloadId: number;
  activationLimit: number | null;
  status?: LicenceStatus;
  expiresAt?: Date | null;
  /** A bundle's child licence, for this parent licence id. */
  parentLicenceId?: number;
  paymentId?: number;
  /** A fixed key, for a test whose result depends on it (a rollout bucket); random otherwise. */
  key?: string;
}

/** A licence (in a purchase of its own unless one is given) for a seeded account; answers its ids and key. */
export async function createLicence(db: Database, fixture: LicenceFixture) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, fixture.email));
  if (!user) throw new Error(`no account ${fixture.email}`);
  let paymentId = fixture.paymentId;
  if (paymentId === undefined) {
    const [payment] = await db
      .insert(payments)
      .values({
        number: `T-${randomBytes(6).toString('hex')}`,
        userId: user.id,
        email: fixture.email,
        status: 'complete',
        gateway: 'stripe',
        purchaseKey: randomBytes(16).toString('hex'),
        subtotalCents: 100,
        totalCents: 100,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('no payment');
    paymentId = payment.id;
  }
  const key = fixture.key ?? randomBytes(16).toString('hex');
  const [licence] = await db
    .insert(licences)
    .values({
      key,
      userId: user.id,
      paymentId,
      downloadId: fixture.downloadId,
      priceId: 1,
      status: fixture.status ?? 'inactive',
      activationLimit: fixture.activationLimit,
      expiresAt: fixture.expiresAt === undefined ? new Date(Date.now() + 90 * 86_400_000) : fixture.expiresAt,
      parentLicenceId: fixture.parentLicenceId ?? null,
    })
    .returning({ id: licences.id });
  if (!licence) throw new Error('no licence');
  return { id: licence.id, key, paymentId, userId: user.id };
}
