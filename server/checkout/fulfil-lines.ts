import { randomBytes } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { BillingPeriod } from '../../shared/catalogue/types';
import type { Database } from '../db';
import {
  bundleItems,
  type CheckoutLine,
  licences,
  paymentItems,
  products,
  productTiers,
  subscriptions,
} from '../db/schema';
import { recordInstalment } from '../subscriptions/instalments';
import { addPeriods } from '../subscriptions/periods';

const licenceKey = () => randomBytes(16).toString('hex');

interface Tier {
  period: BillingPeriod;
  sites: number | null;
  kind: string;
}

export interface LineContext {
  userId: number;
  paymentId: number;
  now: Date;
  /**
   * Whether a recurring line starts an auto-renewing subscription. A subscription needs a way to be
   * paid: a gateway that charged a card, or a saved card. A free order without one makes none: its
   * licence runs its term and can be renewed.
   */
  autoRenew: boolean;
}

/** An instalment plan (a split payment): a recurring line with a fixed number of payments. */
const isInstalmentPlan = (line: CheckoutLine): boolean => (line.recurring?.times ?? 0) > 0;

async function tiersOf(db: Database, lines: readonly CheckoutLine[]): Promise<Map<string, Tier>> {
  const ids = [...new Set(lines.map((l) => l.downloadId))];
  const rows = ids.length
    ? await db
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

/** A new licence (and a bundle's child licences); returns the licence's id. */
async function newLicence(db: Database, ctx: LineContext, line: CheckoutLine, tier: Tier): Promise<number> {
  const values = {
    userId: ctx.userId,
    paymentId: ctx.paymentId,
    paymentItemId: line.paymentItemId || null,
    priceId: line.licencePriceId,
    status: 'active' as const,
    activationLimit: tier.sites,
    // An instalment plan's lifetime licence runs to the date paid through (see recordInstalment).
    expiresAt:
      isInstalmentPlan(line) && line.recurring
        ? addPeriods(ctx.now, line.recurring.period)
        : addPeriods(ctx.now, tier.period),
  };
  const [parent] = await db
    .insert(licences)
    .values({ ...values, key: licenceKey(), downloadId: line.downloadId })
    .returning({ id: licences.id });
  if (!parent) throw new Error('licence insert returned no row');
  if (tier.kind !== 'bundle') return parent.id;
  const contents = await db
    .select({ downloadId: bundleItems.downloadId })
    .from(bundleItems)
    .where(eq(bundleItems.bundleId, line.downloadId));
  if (contents.length > 0) {
    await db.insert(licences).values(
      contents.map((c) => ({
        ...values,
        key: licenceKey(),
        downloadId: c.downloadId,
        parentLicenceId: parent.id,
      })),
    );
  }
  return parent.id;
}

const ofLicence = (id: number) => or(eq(licences.id, id), eq(licences.parentLicenceId, id));

async function lockedLicence(db: Database, key: string | null) {
  if (!key) return null;
  const [licence] = await db.select().from(licences).where(eq(licences.key, key)).for('update');
  return licence ?? null;
}

/**
 * A renewal extends the licence (and a bundle's child licences) by one period from its expiry, or from
 * now when it has passed. The licence's subscription then renews at the new expiry, not on the date
 * just paid for, and counts the payment; its amount stays the tier's.
 */
async function renew(db: Database, ctx: LineContext, line: CheckoutLine, tier: Tier): Promise<number | null> {
  const licence = await lockedLicence(db, line.licenceKey);
  if (!licence) return null;
  const from = licence.expiresAt && licence.expiresAt > ctx.now ? licence.expiresAt : ctx.now;
  const expiresAt = addPeriods(from, tier.period);
  await db.update(licences).set({ status: 'active', expiresAt }).where(ofLicence(licence.id));
  if (expiresAt) {
    // An upgrade's superseded subscription ('expired') and a finished plan ('completed') stay as they are.
    await db
      .update(subscriptions)
      .set({ renewalAt: expiresAt, timesBilled: sql`${subscriptions.timesBilled} + 1` })
      .where(
        and(
          eq(subscriptions.licenceId, licence.id),
          inArray(subscriptions.status, ['active', 'cancelled', 'failing']),
        ),
      );
  }
  return licence.id;
}

/**
 * An upgrade moves the licence (and a bundle's child licences) to the new tier: its limit, and a new
 * term from now (lifetime when the tier is), since its price credited the unused part of the old term
 * (server/licences/upgrades.ts). The old tier's subscription ends with it, so it never bills again.
 */
async function upgrade(
  db: Database,
  ctx: LineContext,
  line: CheckoutLine,
  tier: Tier,
): Promise<number | null> {
  const licence = await lockedLicence(db, line.licenceKey);
  if (!licence) return null;
  await db
    .update(licences)
    .set({
      priceId: line.licencePriceId,
      activationLimit: tier.sites,
      status: 'active',
      expiresAt: addPeriods(ctx.now, tier.period),
    })
    .where(ofLicence(licence.id));
  await db
    .update(subscriptions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(subscriptions.licenceId, licence.id),
        // A cancelled one too: reactivated, it would bill the old tier beside the new one.
        inArray(subscriptions.status, ['active', 'failing', 'cancelled']),
      ),
    );
  return licence.id;
}

/** A subscription for a recurring line; an instalment plan counts its first instalment at once. */
async function startSubscription(db: Database, ctx: LineContext, line: CheckoutLine, licenceId: number) {
  if (!line.recurring) return;
  const plan = isInstalmentPlan(line);
  const [started] = await db
    .insert(subscriptions)
    .values({
      userId: ctx.userId,
      paymentId: ctx.paymentId,
      licenceId,
      downloadId: line.downloadId,
      priceId: line.licencePriceId,
      status: 'active',
      period: line.recurring.period,
      initialAmountCents: line.initialCents,
      recurringAmountCents: line.recurringCents,
      billTimes: line.recurring.times,
      timesBilled: plan ? 0 : 1,
      renewalAt: addPeriods(ctx.now, line.recurring.period) ?? ctx.now,
      createdAt: ctx.now,
    })
    .returning({ id: subscriptions.id });
  if (plan && started) await recordInstalment(db, started.id);
}

async function fulfilLine(db: Database, ctx: LineContext, line: CheckoutLine, tier: Tier): Promise<void> {
  if (line.kind === 'new') {
    const licenceId = await newLicence(db, ctx, line, tier);
    if (ctx.autoRenew) await startSubscription(db, ctx, line, licenceId);
    return;
  }
  const licenceId =
    line.kind === 'renewal' ? await renew(db, ctx, line, tier) : await upgrade(db, ctx, line, tier);
  if (licenceId === null) return;
  // The purchase history and the receipt name the licence this item renewed or upgraded.
  if (line.paymentItemId) {
    await db.update(paymentItems).set({ licenceId }).where(eq(paymentItems.id, line.paymentItemId));
  }
  // A renewal continues the billing the licence already has; an upgrade's new tier starts its own.
  if (line.kind === 'upgrade' && ctx.autoRenew) await startSubscription(db, ctx, line, licenceId);
}

/** Licences, renewals, upgrades and subscriptions for the lines of one paid checkout. */
export async function fulfilLines(
  db: Database,
  ctx: LineContext,
  lines: readonly CheckoutLine[],
): Promise<void> {
  const tiers = await tiersOf(db, lines);
  for (const line of lines) {
    const tier = tiers.get(`${line.downloadId}:${line.licencePriceId}`);
    if (tier) await fulfilLine(db, ctx, line, tier);
  }
}
