import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { warningMessages } from '../../shared/api/messages';
import type { Card } from '../../shared/schemas/profile';
import type { UserRow } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';
import { retryFailingNow } from '../billing/card-changed';
import type { Database } from '../db';
import { type CardSetupStatus, cardSetups, gatewayCustomers, paymentMethods } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { type CardGateway, CardGatewayError, type SavedCardDetails } from '../payments/cards/gateway';
import type { CardGateways } from '../payments/cards/select';
import { cardSetupUrls } from '../payments/cards/urls';

/** A card page left open longer than this is no longer accepted. */
export const cardSetupTtlMs = 30 * 60 * 1000;

export type CardSetupRow = typeof cardSetups.$inferSelect;

/** The account's saved cards as the profile lists them: default first, then oldest first. */
export async function listCards(db: Database, userId: number): Promise<Card[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id));
  return rows.map((row) => ({
    default: row.isDefault,
    source: { id: row.gatewayRef, brand: row.brand, last4: row.last4 },
  }));
}

/** The gateway said no: `Unable to … {reason}` on the client reads its message. */
function gatewayFailed(error: unknown): never {
  if (error instanceof CardGatewayError) throw new HttpError(502, 'gateway_error', error.message);
  throw error;
}

async function customerOf(db: Database, gateway: CardGateway, user: UserRow): Promise<string | null> {
  const [found] = await db
    .select()
    .from(gatewayCustomers)
    .where(and(eq(gatewayCustomers.userId, user.id), eq(gatewayCustomers.gateway, gateway.name)))
    .limit(1);
  if (found) return found.customerRef;
  const name = `${user.firstName} ${user.lastName}`.trim();
  const customerRef = await gateway.createCustomer({ id: user.id, email: user.email, name });
  if (!customerRef) return null;
  await db
    .insert(gatewayCustomers)
    .values({ userId: user.id, gateway: gateway.name, customerRef })
    .onConflictDoNothing();
  return customerRef;
}

/**
 * `POST /profile/add-card`: a setup with a new single-use token (only its hash is kept) and the URL of
 * the gateway's card page, which returns to `/user/profile?action=add_card` (`&failed=true`).
 */
export async function startCardSetup(
  db: Database,
  gateway: CardGateway,
  user: UserRow,
  origin: string,
  now = new Date(),
): Promise<string> {
  const token = newToken();
  try {
    const customerRef = await customerOf(db, gateway, user);
    const start = await gateway.beginSetup({ customerRef, urls: cardSetupUrls(origin, token) });
    await db.insert(cardSetups).values({
      userId: user.id,
      gateway: gateway.name,
      tokenHash: hashToken(token),
      sessionRef: start.sessionRef,
      expiresAt: new Date(now.getTime() + cardSetupTtlMs),
      createdAt: now,
    });
    return start.url;
  } catch (error) {
    return gatewayFailed(error);
  }
}

/** A live (pending, unexpired) setup by its token, or null. */
export async function pendingSetup(
  db: Database,
  token: string,
  now = new Date(),
): Promise<CardSetupRow | null> {
  const [row] = await db
    .select()
    .from(cardSetups)
    .where(
      and(
        eq(cardSetups.tokenHash, hashToken(token)),
        eq(cardSetups.status, 'pending'),
        gt(cardSetups.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Ends a setup once: `complete` stores the card (the account's first card becomes its default), in one
 * transaction with the status change, so two returns of the same visit store nothing twice. Answers how
 * many failing renewals a first card brought forward (retryFailingNow), for the caller to bill now.
 */
export async function endSetup(
  db: Database,
  setup: CardSetupRow,
  outcome: { card: SavedCardDetails } | null,
): Promise<number> {
  const status: CardSetupStatus = outcome ? 'complete' : 'failed';
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(cardSetups)
      .set({ status })
      .where(and(eq(cardSetups.id, setup.id), eq(cardSetups.status, 'pending')))
      .returning({ id: cardSetups.id });
    if (ended.length === 0 || !outcome) return 0;
    const existing = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, setup.userId))
      .for('update');
    const { card } = outcome;
    await tx
      .insert(paymentMethods)
      .values({
        userId: setup.userId,
        gateway: setup.gateway,
        gatewayRef: card.ref,
        brand: card.brand.toLowerCase(),
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault: existing.length === 0,
      })
      .onConflictDoNothing();
    // A first card is the default at once: what failed for want of a card is tried on it now.
    return existing.length === 0 ? retryFailingNow(tx, setup.userId, new Date()) : 0;
  });
}

function gatewayFor(gateways: CardGateways, name: string): CardGateway {
  const gateway = gateways.byName.get(name);
  if (!gateway)
    throw new HttpError(503, 'gateway_unavailable', `The ${name} payment gateway is not configured.`);
  return gateway;
}

/** The caller's cards, locked for the change; another account's card is answered as missing. */
async function lockedCards(tx: Database, userId: number) {
  return tx
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(asc(paymentMethods.id))
    .for('update');
}

/**
 * `POST /profile/set-card-default`: this card becomes the default and the others are not. The gateway
 * is told inside the transaction, so a refusal leaves the old default in place. Failing subscriptions
 * are due again at once (their count is answered), so the new card pays without waiting for a retry.
 */
export async function setDefaultCard(
  db: Database,
  gateways: CardGateways,
  userId: number,
  cardRef: string,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const cards = await lockedCards(tx, userId);
    const card = cards.find((c) => c.gatewayRef === cardRef);
    if (!card) throw notFound('No such card.');
    if (card.isDefault) return 0;
    const gateway = gatewayFor(gateways, card.gateway);
    const [customer] = await tx
      .select()
      .from(gatewayCustomers)
      .where(and(eq(gatewayCustomers.userId, userId), eq(gatewayCustomers.gateway, card.gateway)))
      .limit(1);
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, card.id));
    await gateway.makeDefault(customer?.customerRef ?? null, card.gatewayRef).catch(gatewayFailed);
    return retryFailingNow(tx, userId, now);
  });
}

/**
 * `POST /profile/remove-card`: never the default card, never the last one (spec §4 Cards); the gateway
 * forgets the card in the same transaction that deletes our row.
 */
export async function removeCard(
  db: Database,
  gateways: CardGateways,
  userId: number,
  cardRef: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const cards = await lockedCards(tx, userId);
    const card = cards.find((c) => c.gatewayRef === cardRef);
    if (!card) throw notFound('No such card.');
    if (card.isDefault) throw new HttpError(409, 'default_card', warningMessages.cannotRemoveDefaultCard);
    if (cards.length <= 1) throw new HttpError(409, 'last_card', 'You can not remove your only card.');
    const gateway = gatewayFor(gateways, card.gateway);
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, card.id));
    await gateway.detach(card.gatewayRef).catch(gatewayFailed);
  });
}
