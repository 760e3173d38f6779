import { and, eq } from 'drizzle-orm';
import type { Database } from '../db';
import { type PurchaseSavedCard, paymentMethods } from '../db/schema';

/**
 * Gives the card a recurring purchase's payment saved to the buyer's account, inside the fulfilment
 * transaction, so the subscription it starts has a card to renew on. The account's first card becomes
 * its default (as a card added in the profile does); an account that already has a default keeps it and
 * lists this one beside it. A card already stored (a replay) is left as it is.
 */
export async function keepPurchaseCard(tx: Database, userId: number, card: PurchaseSavedCard): Promise<void> {
  const defaults = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)))
    .for('update');
  const row = {
    userId,
    gateway: card.gateway,
    gatewayRef: card.ref,
    brand: card.brand.toLowerCase(),
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
  const inserted = await tx
    .insert(paymentMethods)
    .values({ ...row, isDefault: defaults.length === 0 })
    .onConflictDoNothing()
    .returning({ id: paymentMethods.id });
  // A first card added in the profile at this very moment took the default: this one is listed beside it.
  if (inserted.length === 0 && defaults.length === 0) {
    await tx
      .insert(paymentMethods)
      .values({ ...row, isDefault: false })
      .onConflictDoNothing();
  }
}
