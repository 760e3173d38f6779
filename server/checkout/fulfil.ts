import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { BillingPeriod } from '../../shared/catalogue/types';
import type { Database } from '../db';
import {
  bundleItems,
  type CheckoutLine,
  carts,
  checkouts,
  licences,
  payments,
  products,
  productTiers,
  subscriptions,
} from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { accountForBuyer, type NewAccount } from './account';
import { mailNewAccount } from './account-mail';
import { recordPurchaseReferral } from './referral';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A date one billing period after `from`; null for lifetime. */
export function addPeriod(from: Date, period: BillingPeriod | string): Date | null {
  if (period === 'lifetime') return null;
  const next = new Date(from);
  if (period === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

const licenceKey = () => randomBytes(16).toString('hex');

interface Tier {
  period: BillingPeriod;
  sites: number | null;
  kind: string;
}

async function tiersOf(tx: Tx, lines: readonly CheckoutLine[]): Promise<Map<string, Tier>> {
  const ids = [...new Set(lines.map((l) => l.downloadId))];
  const rows = ids.length
    ? await tx
        .select({
          downloadId: productTiers.downloadId,
          priceId: productTiers.priceId,
          period: productTiers.period,
          sites: productTiers.sites,
          kind: products.kind,
        })
        .from(productTiers)
        .innerJoin(products, eq(products.downloadId, productTiers.downloadId))
        .where(inArray(productTiers.downloadId, ids))
    : [];
  return new Map(rows.map((r) => [`${r.downloadId}:${r.priceId}`, r]));
}

async function newLicence(tx: Tx, ctx: LineContext, line: CheckoutLine, tier: Tier): Promise<void> {
  const values = {
    userId: ctx.userId,
    paymentId: ctx.paymentId,
    paymentItemId: line.paymentItemId || null,
    priceId: line.licencePriceId,
    status: 'active' as const,
    activationLimit: tier.sites,
    expiresAt: addPeriod(ctx.now, tier.period),
  };
  const [parent] = await tx
    .insert(licences)
    .values({ ...values, key: licenceKey(), downloadId: line.downloadId })
    .returning({ id: licences.id });
  if (tier.kind !== 'bundle' || !parent) return;
  const contents = await tx
    .select({ downloadId: bundleItems.downloadId })
    .from(bundleItems)
    .where(eq(bundleItems.bundleId, line.downloadId));
  if (contents.length === 0) return;
  await tx.insert(licences).values(
    contents.map((c) => ({
      ...values,
      key: licenceKey(),
      downloadId: c.downloadId,
      parentLicenceId: parent.id,
    })),
  );
}

/** A renewal extends the licence (and a bundle's child licences) by one period from its expiry or now. */
async function renew(tx: Tx, ctx: LineContext, line: CheckoutLine, tier: Tier): Promise<void> {
  if (!line.licenceKey) return;
  const [licence] = await tx.select().from(licences).where(eq(licences.key, line.licenceKey)).for('update');
  if (!licence) return;
  const from = licence.expiresAt && licence.expiresAt > ctx.now ? licence.expiresAt : ctx.now;
  await tx
    .update(licences)
    .set({ status: 'active', expiresAt: addPeriod(from, tier.period) })
    .where(or(eq(licences.id, licence.id), eq(licences.parentLicenceId, licence.id)));
}

/** An upgrade moves the licence to the new tier: its limit, and lifetime when the tier is. */
async function upgrade(tx: Tx, line: CheckoutLine, tier: Tier): Promise<void> {
  if (!line.licenceKey) return;
  await tx
    .update(licences)
    .set({
      priceId: line.licencePriceId,
      activationLimit: tier.sites,
      status: 'active',
      ...(tier.period === 'lifetime' ? { expiresAt: null } : {}),
    })
    .where(eq(licences.key, line.licenceKey));
}

interface LineContext {
  userId: number;
  paymentId: number;
  now: Date;
}

async function fulfilLine(tx: Tx, ctx: LineContext, line: CheckoutLine, tier: Tier): Promise<void> {
  if (line.kind === 'renewal') await renew(tx, ctx, line, tier);
  else if (line.kind === 'upgrade') await upgrade(tx, line, tier);
  else await newLicence(tx, ctx, line, tier);
  // A renewal continues the billing it already has; anything else recurring starts a subscription.
  if (line.recurring && line.kind !== 'renewal') {
    await tx.insert(subscriptions).values({
      userId: ctx.userId,
      paymentId: ctx.paymentId,
      downloadId: line.downloadId,
      priceId: line.licencePriceId,
      status: 'active',
      period: line.recurring.period,
      initialAmountCents: line.initialCents,
      recurringAmountCents: line.recurringCents,
      billTimes: line.recurring.times,
      renewalAt: addPeriod(ctx.now, line.recurring.period) ?? ctx.now,
    });
  }
}

/**
 * Fulfils a paid payment exactly once (DESIGN §6): in one transaction, a conditional update claims the
 * checkout row (`fulfilled_at` still null), so of any number of concurrent callers (webhook replays,
 * repeated confirmations) one does the work and the others find it done. The work: the buyer's account
 * (made for a guest), the payment completed, licences with keys and per-tier limits (a bundle's child
 * licences too), subscriptions for recurring items, renewals and upgrades, and the cart emptied. A new
 * account's sign-in address and set-password link are mailed and the affiliate referral recorded after
 * the commit. Returns whether this call fulfilled.
 */
export async function fulfilPayment(
  deps: { db: Database; mailer: Mailer; logger: Logger; portalOrigin: string },
  paymentId: number,
  transactionId: string | null,
): Promise<boolean> {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(checkouts)
      .set({ fulfilledAt: now })
      .where(and(eq(checkouts.paymentId, paymentId), isNull(checkouts.fulfilledAt)))
      .returning();
    if (!claimed) return null;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) return null;
    let created: NewAccount | null = null;
    let userId = payment.userId;
    if (userId === null) {
      const account = await accountForBuyer(tx, claimed.buyer);
      userId = account.userId;
      created = account.created;
    }
    await tx
      .update(payments)
      .set({ status: 'complete', userId, completedAt: now, transactionId, createdAccount: created !== null })
      .where(eq(payments.id, paymentId));
    const tiers = await tiersOf(tx, claimed.lines);
    const ctx = { userId, paymentId, now };
    for (const line of claimed.lines) {
      const tier = tiers.get(`${line.downloadId}:${line.licencePriceId}`);
      if (tier) await fulfilLine(tx, ctx, line, tier);
    }
    if (claimed.cartId !== null) {
      await tx
        .update(carts)
        .set({ lines: [], couponCode: null, updatedAt: now })
        .where(eq(carts.id, claimed.cartId));
    }
    return { created, userId, affiliate: claimed.buyer.affiliate ?? null };
  });
  if (!outcome) return false;
  if (outcome.created) await mailNewAccount(deps, outcome.created);
  if (outcome.affiliate) await recordPurchaseReferral(deps, paymentId, outcome.userId, outcome.affiliate);
  return true;
}
