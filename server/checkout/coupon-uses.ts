import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Cart } from '../../shared/schemas/cart';
import { couponMessages } from '../../shared/schemas/cart';
import { errorCode } from '../../shared/schemas/error';
import { normaliseEmail } from '../auth/mailbox';
import { type CouponCustomer, checkCoupon, customerUses } from '../cart/coupons';
import type { Database } from '../db';
import type { CartLine } from '../db/schema';
import { checkouts, couponRedemptions, coupons, payments } from '../db/schema';
import { HttpError } from '../http/errors';

const refused = (msg: string) => new HttpError(409, errorCode.couponNotAvailable, msg);

/** Gives a coupon back the uses of these redemptions (their payments will not take them). */
async function release(tx: Database, code: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const released = await tx
    .update(couponRedemptions)
    .set({ status: 'released' })
    .where(and(inArray(couponRedemptions.id, ids), eq(couponRedemptions.status, 'reserved')))
    .returning({ id: couponRedemptions.id });
  if (released.length === 0) return;
  await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} - ${released.length}` })
    .where(eq(coupons.code, code));
}

/**
 * Takes one use of the cart's coupon for a payment being created, in the transaction that creates it
 * and before any gateway is asked to charge: under the coupon's row lock, so concurrent purchases
 * queue and never take more than `max_uses`, nor more than `max_uses_per_customer` for one account or
 * address. The uses held by this cart's earlier payments still pending (the buyer came back from the
 * gateway and pays again) are given back first. Refused: 409 `coupon_not_available` with the coupon
 * box's message, and the transaction (the payment) is rolled back. Upsell coupons have no row and no
 * limit: nothing to take.
 */
export async function reserveCouponUse(
  tx: Database,
  input: { code: string; paymentId: number; cartId: number; userId: number | null; email: string },
): Promise<void> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, input.code)).for('update');
  if (!coupon) return;
  const earlier = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .innerJoin(checkouts, eq(checkouts.paymentId, couponRedemptions.paymentId))
    .innerJoin(payments, eq(payments.id, couponRedemptions.paymentId))
    .where(
      and(
        eq(couponRedemptions.code, coupon.code),
        eq(couponRedemptions.status, 'reserved'),
        eq(checkouts.cartId, input.cartId),
        isNull(checkouts.fulfilledAt),
        eq(payments.status, 'pending'),
        ne(couponRedemptions.paymentId, input.paymentId),
      ),
    );
  await release(
    tx,
    coupon.code,
    earlier.map((row) => row.id),
  );
  const [current] = await tx
    .select({ uses: coupons.uses })
    .from(coupons)
    .where(eq(coupons.code, coupon.code));
  if (coupon.maxUses !== null && (current?.uses ?? 0) >= coupon.maxUses) throw refused(couponMessages.usedUp);
  if (
    coupon.maxUsesPerCustomer !== null &&
    (await customerUses(tx, coupon.code, { userId: input.userId, email: input.email })) >=
      coupon.maxUsesPerCustomer
  ) {
    throw refused(couponMessages.customerLimit);
  }
  await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(eq(coupons.code, coupon.code));
  await tx.insert(couponRedemptions).values({
    code: coupon.code,
    paymentId: input.paymentId,
    userId: input.userId,
    email: normaliseEmail(input.email),
    status: 'reserved',
  });
}

/**
 * Turns the payment's use into a redemption, in the fulfilment transaction, on the account the payment
 * went to. A use given back meanwhile (the payment was marked failed, then paid after all) is taken
 * again if one is left; if none is, the buyer has paid the discounted price and is fulfilled, and the
 * redemption is kept as 'over_limit' for the vendor to see (the caller logs it): never a silent one.
 * Answers the redemption's status, or null when the payment used no limited coupon.
 */
export async function redeemCouponUse(
  tx: Database,
  paymentId: number,
  userId: number,
  now: Date,
): Promise<'redeemed' | 'over_limit' | null> {
  const [redemption] = await tx
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.paymentId, paymentId))
    .for('update');
  if (!redemption || redemption.status === 'redeemed' || redemption.status === 'over_limit') return null;
  let status: 'redeemed' | 'over_limit' = 'redeemed';
  if (redemption.status === 'released') {
    const [taken] = await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(
        and(
          eq(coupons.code, redemption.code),
          or(isNull(coupons.maxUses), sql`${coupons.uses} < ${coupons.maxUses}`),
        ),
      )
      .returning({ code: coupons.code });
    if (!taken) status = 'over_limit';
  }
  await tx
    .update(couponRedemptions)
    .set({ status, userId, redeemedAt: now })
    .where(eq(couponRedemptions.id, redemption.id));
  return status;
}

/** Gives back the use a payment held, when it failed (declined, expired, the gateway refused to start). */
export async function releaseCouponUse(tx: Database, paymentId: number): Promise<void> {
  const [redemption] = await tx
    .select({ id: couponRedemptions.id, code: couponRedemptions.code })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.paymentId, paymentId), eq(couponRedemptions.status, 'reserved')));
  if (redemption) await release(tx, redemption.code, [redemption.id]);
}

/**
 * The coupon a purchase is made with: the cart's, which must still discount the cart as priced now (a
 * coupon that expired or stopped fitting since the buyer saw the total is refused with its message,
 * rather than the buyer charged more than the page showed). Null without one.
 */
export async function couponOfPurchase(
  db: Database,
  input: { stored: string | null; cart: Cart; lines: readonly CartLine[]; customer: CouponCustomer },
): Promise<string | null> {
  const { stored, cart } = input;
  if (!stored) return null;
  if (cart.discounts.includes(stored)) return stored;
  const verdict = await checkCoupon(db, stored, {
    lines: input.lines,
    subtotalCents: Math.round(cart.subtotal * 100),
    customer: input.customer,
    via: 'cart',
  });
  throw refused(verdict.rule ? couponMessages.notForCart : verdict.msg);
}
