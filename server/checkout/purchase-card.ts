import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db';
import { checkouts, gatewayCustomers, type PurchaseSavedCard, paymentMethods } from '../db/schema';
import type { Logger } from '../logger';
import type { PurchaseGateway } from '../payments/checkout/gateway';

type CheckoutRowForCard = Pick<
  typeof checkouts.$inferSelect,
  'paymentId' | 'gatewayRef' | 'lines' | 'savedCard' | 'fulfilledAt'
>;

/**
 * Gives the card a recurring purchase's payment saved to the buyer's account, inside the fulfilment
 * transaction, so the subscription it starts has a card to renew on. The account's first card becomes
 * its default (as a card added in the profile does); an account that already has a default keeps it and
 * lists this one beside it. A card already stored (a replay) is left as it is. A card saved on a gateway
 * customer other than the account's (an account that already had one at Stripe: the Checkout made a
 * new customer for a guest purchase) could not be charged with the account's customer: it is not kept,
 * and the account's own default card pays the renewals.
 */
export async function keepPurchaseCard(tx: Database, userId: number, card: PurchaseSavedCard): Promise<void> {
  if (card.customerRef) {
    await tx
      .insert(gatewayCustomers)
      .values({ userId, gateway: card.gateway, customerRef: card.customerRef })
      .onConflictDoNothing();
    const [customer] = await tx
      .select({ ref: gatewayCustomers.customerRef })
      .from(gatewayCustomers)
      .where(and(eq(gatewayCustomers.userId, userId), eq(gatewayCustomers.gateway, card.gateway)));
    if (customer?.ref !== card.customerRef) return;
  }
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

/**
 * Before a paid renewing payment is fulfilled, asks its gateway for the card the payment saved and
 * records it on the checkout row, so fulfilment (whoever runs it) gives it to the account. A gateway
 * that does not answer leaves none: the purchase is fulfilled all the same, its renewal asks for a card.
 */
export async function recordGatewayCard(
  db: Database,
  gateway: PurchaseGateway,
  row: CheckoutRowForCard,
  logger: Logger,
): Promise<void> {
  if (row.fulfilledAt || row.savedCard || !row.gatewayRef) return;
  if (!row.lines.some((line) => line.recurring !== null)) return;
  try {
    const card = await gateway.savedCard(row.gatewayRef);
    if (!card) return;
    await db
      .update(checkouts)
      .set({ savedCard: card })
      .where(and(eq(checkouts.paymentId, row.paymentId), isNull(checkouts.savedCard)));
  } catch (error) {
    logger.error('saved card not read from the gateway', { paymentId: row.paymentId, error });
  }
}
