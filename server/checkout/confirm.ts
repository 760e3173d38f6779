import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ConfirmationRequest, PaymentProof } from '../../shared/schemas/checkout';
import type { UserRow } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import type { Database } from '../db';
import { checkouts, payments } from '../db/schema';
import { releaseCouponUse } from './coupon-uses';

export type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * The checkout a confirmation names, or null. Only what the buyer holds finds one: Stripe's session id
 * or PayPal's token (secret references handed to the buyer's browser only, the token with its payment
 * id), or, for a free order (a guessable payment id), its `payment_key`, the account that owns it or
 * the guest cart token that bought it.
 */
export async function findCheckout(
  db: Database,
  request: ConfirmationRequest,
  caller: { user: UserRow | null; cartToken: string | null },
): Promise<CheckoutRow | null> {
  if ('session_id' in request) {
    const [row] = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.gateway, 'stripe'), eq(checkouts.gatewayRef, request.session_id.trim())));
    return row ?? null;
  }
  const paymentId = Number(request.paymentId);
  if ('token' in request) {
    const [row] = await db
      .select()
      .from(checkouts)
      .where(
        and(
          eq(checkouts.gateway, 'paypalexpress'),
          eq(checkouts.gatewayRef, request.token.trim()),
          eq(checkouts.paymentId, paymentId),
        ),
      );
    return row ?? null;
  }
  const [found] = await db
    .select({ row: checkouts, userId: payments.userId, purchaseKey: payments.purchaseKey })
    .from(checkouts)
    .innerJoin(payments, eq(payments.id, checkouts.paymentId))
    .where(and(eq(checkouts.paymentId, paymentId), eq(checkouts.gateway, 'manual')));
  if (!found) return null;
  const byKey = request.payment_key !== undefined && sameSecret(request.payment_key, found.purchaseKey);
  const byAccount = caller.user !== null && found.userId === caller.user.id;
  const byCart =
    caller.cartToken !== null &&
    found.row.buyerTokenHash !== null &&
    hashToken(caller.cartToken) === found.row.buyerTokenHash;
  return byKey || byAccount || byCart ? found.row : null;
}

/**
 * Whether the caller holds what `/confirmation` accepts for payment `paymentId` (see findCheckout), so a
 * buyer without a session can act on their own payment afterwards.
 */
export async function holdsPaymentProof(
  db: Database,
  paymentId: number,
  proof: PaymentProof,
  caller: { user: UserRow | null; cartToken: string | null },
): Promise<boolean> {
  const request: ConfirmationRequest = proof.session_id
    ? { session_id: proof.session_id }
    : proof.token && proof.payerId
      ? { token: proof.token, payerId: proof.payerId, paymentId }
      : { paymentId, ...(proof.payment_key ? { payment_key: proof.payment_key } : {}) };
  const row = await findCheckout(db, request, caller);
  return row?.paymentId === paymentId;
}

function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A payment the gateway refused or that expired there; a fulfilled one is never touched. The coupon use
 * it held is given back in the same transaction.
 */
export async function markFailed(db: Database, paymentId: number): Promise<void> {
  await db.transaction((tx) => markFailedWithin(tx, paymentId));
}

/** markFailed's writes inside the caller's transaction. */
export async function markFailedWithin(tx: Database, paymentId: number): Promise<void> {
  const failed = await tx
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (failed.length > 0) await releaseCouponUse(tx, paymentId);
}
