import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { aiChatbotHostDownloadId, downloadIds } from '../../shared/catalogue';
import { maxCartLines } from '../../shared/schemas/cart';
import { hashToken, looksLikeToken, newToken } from '../auth/tokens';
import type { Database } from '../db';
import { preparedPerDatabase } from '../db/prepared';
import { type CartLine, carts, licences, products, productTiers } from '../db/schema';
import { lookupCoupon } from './coupons';
import type { CouponRule, LicenceInfo, PricingContext, TierInfo } from './pricing';

export type CartRow = typeof carts.$inferSelect;

/** Who is asking: the signed-in account, and/or the guest cart token from `X-Cart-Token`. */
export interface CartOwner {
  userId: number | null;
  token: string | null;
}

/** The cart a request works on; `token` is the guest token to hand back (null for an account's cart). */
export interface OpenCart {
  row: CartRow | null;
  token: string | null;
}

const sameLine = (a: CartLine, b: CartLine): boolean =>
  a.kind === b.kind && (a.kind === 'new' ? a.downloadId === b.downloadId : a.licenceId === b.licenceId);

/** Adds lines, a line for the same product (or licence) replacing the one already there. */
export function mergeLines(into: readonly CartLine[], added: readonly CartLine[]): CartLine[] {
  const lines = [...into];
  for (const line of added) {
    const at = lines.findIndex((existing) => sameLine(existing, line));
    if (at >= 0) lines[at] = line;
    else lines.push(line);
  }
  return lines;
}

/** Rules every stored cart keeps: the AI add-on only beside its documentation product, and a size cap. */
export function normaliseLines(lines: readonly CartLine[]): CartLine[] {
  const hasHost = lines.some((l) => l.downloadId === aiChatbotHostDownloadId);
  return lines.filter((l) => hasHost || l.downloadId !== downloadIds.aiChatbot).slice(0, maxCartLines);
}

async function byToken(db: Database, token: string | null): Promise<CartRow | null> {
  if (!token || !looksLikeToken(token)) return null;
  const [row] = await db
    .select()
    .from(carts)
    .where(eq(carts.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

const cartOfUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('cart_of_user'),
);

/**
 * Finds the cart of a request. A signed-in user's guest cart (a token presented with a session) is
 * merged into the account's cart and deleted, so signing in keeps what the visitor had chosen.
 */
export async function openCart(db: Database, owner: CartOwner): Promise<OpenCart> {
  const guest = await byToken(db, owner.token);
  if (owner.userId === null) return { row: guest, token: guest ? owner.token : null };
  // Only a guest cart can be merged: a token must never reach another account's cart.
  const orphan = guest && guest.userId === null ? guest : null;
  // Nothing to merge (every request of a signed-in customer but the first after signing in): one read.
  if (!orphan) {
    const [mine] = await cartOfUser(db).execute({ userId: owner.userId });
    return { row: mine ?? null, token: null };
  }
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select()
      .from(carts)
      .where(eq(carts.userId, owner.userId as number))
      .limit(1);
    await tx.delete(carts).where(eq(carts.id, orphan.id));
    if (!mine) {
      const [adopted] = await tx
        .insert(carts)
        .values({
          userId: owner.userId,
          lines: orphan.lines,
          couponCode: orphan.couponCode,
          recoveryId: orphan.recoveryId,
        })
        .returning();
      return { row: adopted ?? null, token: null };
    }
    const [merged] = await tx
      .update(carts)
      .set({
        lines: normaliseLines(mergeLines(mine.lines, orphan.lines)),
        couponCode: mine.couponCode ?? orphan.couponCode,
        updatedAt: new Date(),
      })
      .where(eq(carts.id, mine.id))
      .returning();
    return { row: merged ?? mine, token: null };
  });
}

/** Writes the cart's lines and coupon, creating the cart (and a guest token) on the first write. */
export async function saveCart(
  db: Database,
  owner: CartOwner,
  open: OpenCart,
  lines: CartLine[],
  couponCode: string | null,
): Promise<OpenCart> {
  const values = { lines: normaliseLines(lines), couponCode, updatedAt: new Date() };
  if (open.row) {
    const [row] = await db.update(carts).set(values).where(eq(carts.id, open.row.id)).returning();
    return { row: row ?? null, token: open.token };
  }
  const token = owner.userId === null ? newToken() : null;
  const [row] = await db
    .insert(carts)
    .values({
      ...values,
      userId: owner.userId,
      tokenHash: token ? hashToken(token) : null,
      recoveryId: randomBytes(12).toString('base64url'),
    })
    .onConflictDoUpdate({ target: carts.userId, set: values })
    .returning();
  return { row: row ?? null, token };
}

const tierKey = (downloadId: number, priceId: number) => `${downloadId}:${priceId}`;

/** Loads every price, licence and the coupon the given lines need, in three queries. */
export async function pricingContext(
  db: Database,
  lines: readonly CartLine[],
  couponCode: string | null,
  extra: { imageOrigin: string | null; cartToken: string | null; now?: Date },
): Promise<PricingContext & { couponRule: CouponRule | null }> {
  const licenceIds = lines.flatMap((l) => (l.licenceId === undefined ? [] : [l.licenceId]));
  const licenceRows = licenceIds.length
    ? await db
        .select({
          id: licences.id,
          key: licences.key,
          downloadId: licences.downloadId,
          priceId: licences.priceId,
          parentLicenceId: licences.parentLicenceId,
          status: licences.status,
          createdAt: licences.createdAt,
          expiresAt: licences.expiresAt,
        })
        .from(licences)
        .where(inArray(licences.id, licenceIds))
    : [];
  const ids = [...new Set([...lines.map((l) => l.downloadId), ...licenceRows.map((l) => l.downloadId)])];
  const tierRows = ids.length
    ? await db
        .select({
          downloadId: productTiers.downloadId,
          priceId: productTiers.priceId,
          productName: products.name,
          slug: products.slug,
          tierName: productTiers.name,
          priceCents: productTiers.priceCents,
          period: productTiers.period,
        })
        .from(productTiers)
        .innerJoin(products, eq(products.downloadId, productTiers.downloadId))
        .where(inArray(productTiers.downloadId, ids))
    : [];
  const tiers = new Map<string, TierInfo>(tierRows.map((t) => [tierKey(t.downloadId, t.priceId), t]));
  const licenceMap = new Map<number, LicenceInfo>(licenceRows.map((l) => [l.id, l]));
  const lookup = couponCode ? await lookupCoupon(db, couponCode) : null;
  const couponRule = lookup?.rule ?? null;
  return {
    tier: (downloadId, priceId) => tiers.get(tierKey(downloadId, priceId)),
    licence: (id) => licenceMap.get(id),
    coupon: couponRule,
    couponRule,
    imageOrigin: extra.imageOrigin,
    cartToken: extra.cartToken,
    now: extra.now ?? new Date(),
  };
}

/** A licence by key, for renewals and upgrades. */
export async function findLicenceByKey(db: Database, key: string) {
  const [row] = await db.select().from(licences).where(eq(licences.key, key)).limit(1);
  return row ?? null;
}
