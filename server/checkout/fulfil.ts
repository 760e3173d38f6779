import { and, eq, isNull } from 'drizzle-orm';
import { creditReferral } from '../affiliates/credit';
import { referralRatePercent } from '../affiliates/referrals';
import type { Database, Transaction } from '../db';
import { carts, checkouts, paymentMethods, payments } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { deliverQueued, queueMail } from '../mail/queue';
import { receiptMail } from '../mail/receipt';
import { accountForBuyer, type NewAccount } from './account';
import { mailNewAccount } from './account-mail';
import { redeemCouponUse } from './coupon-uses';
import { fulfilLines } from './fulfil-lines';
import { paymentInfo } from './payment-info';
import { keepPurchaseCard } from './purchase-card';

/** Whether the account has a saved card a renewal could be charged to. */
async function hasSavedCard(db: Database, userId: number): Promise<boolean> {
  const [card] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .limit(1);
  return card !== undefined;
}

/**
 * The affiliate's credit, in a savepoint of the fulfilment: bookkeeping that fails is logged and rolled
 * back on its own, never the buyer's purchase.
 */
async function creditInFulfilment(tx: Database, logger: Logger, paymentId: number, visitId: number) {
  try {
    await tx.transaction((savepoint) => creditReferral(savepoint, paymentId, visitId, referralRatePercent()));
  } catch (error) {
    logger.error('purchase referral failed', { paymentId, error });
  }
}

export interface FulfilmentDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  portalOrigin: string;
  accountUrl: string;
}

/** What a fulfilment did, for the mails sent after its commit; null when another caller did it first. */
export type Fulfilled = { created: NewAccount | null } | null;

/**
 * Fulfils a paid payment exactly once (DESIGN §6): in one transaction, a conditional update claims the
 * checkout row (`fulfilled_at` still null), so of any number of concurrent callers (webhook replays,
 * repeated confirmations) one does the work and the others find it done. The work: the buyer's account
 * (made for a guest) with the card the payment saved for its renewals, the payment completed, licences with keys and per-tier limits (a bundle's child
 * licences too), subscriptions for recurring items, renewals and upgrades, the cart emptied, and the affiliate of the
 * referral visit recorded with the purchase credited. The receipt is written to the mail queue in the
 * same transaction (server/mail/queue.ts), so it exists exactly when the order does and a process that
 * stops after the commit loses none; after the commit the queue is delivered, and a new account's
 * sign-in address and set-password link are mailed. Returns whether this call fulfilled.
 */
export async function fulfilPayment(
  deps: FulfilmentDeps,
  paymentId: number,
  transactionId: string | null,
): Promise<boolean> {
  const fulfilled = await deps.db.transaction((tx) => fulfilWithin(tx, deps, paymentId, transactionId));
  await mailFulfilment(deps, fulfilled);
  return fulfilled !== null;
}

/**
 * The writes of a fulfilment inside the caller's transaction, for a caller whose own writes belong with
 * them (the sandbox page records its answer and fulfils in one); the receipt is queued in it, and the
 * caller delivers with mailFulfilment after its commit.
 */
export async function fulfilWithin(
  tx: Transaction,
  deps: { logger: Logger; accountUrl: string },
  paymentId: number,
  transactionId: string | null,
): Promise<Fulfilled> {
  const now = new Date();
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
  if (claimed.savedCard) await keepPurchaseCard(tx, userId, claimed.savedCard);
  // A free order ('manual') charged no card: it renews automatically only on a card the signed-in buyer
  // saved. A guest's free order into an account that has one starts none: anyone can type an address.
  const autoRenew =
    payment.gateway !== 'manual' || (payment.userId !== null && (await hasSavedCard(tx, userId)));
  await fulfilLines(tx, { userId, paymentId, now, autoRenew }, claimed.lines);
  // The receipt commits with the order it reports: a crash after the commit leaves it queued, not lost.
  const info = await paymentInfo(tx, paymentId);
  if (info) await queueMail(tx, receiptMail(info, deps.accountUrl));
  if (claimed.cartId !== null) {
    await tx
      .update(carts)
      .set({ lines: [], couponCode: null, updatedAt: now })
      .where(eq(carts.id, claimed.cartId));
  }
  if ((await redeemCouponUse(tx, paymentId, userId, now)) === 'over_limit') {
    // Paid after its coupon use was given back, with none left: fulfilled, and flagged for the vendor.
    deps.logger.error('coupon redeemed beyond its limit', { paymentId });
  }
  if (claimed.referralVisitId !== null) {
    await creditInFulfilment(tx, deps.logger, paymentId, claimed.referralVisitId);
  }
  return { created };
}

/**
 * Once the fulfilment is committed: the queued receipt is delivered (a failure leaves it queued for the
 * next delivery, by the billing run in any process), and a new account's sign-in address and
 * set-password link are mailed.
 */
export async function mailFulfilment(deps: FulfilmentDeps, fulfilled: Fulfilled): Promise<void> {
  if (!fulfilled) return;
  try {
    await deliverQueued(deps);
  } catch (error) {
    deps.logger.error('queued mail delivery failed', { error });
  }
  if (fulfilled.created) await mailNewAccount(deps, fulfilled.created);
}
