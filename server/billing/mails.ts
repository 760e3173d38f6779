import { eq } from 'drizzle-orm';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import { profileCardsPath } from '../../shared/portal/paths';
import { paymentInfo } from '../checkout/payment-info';
import type { Database } from '../db';
import { products, subscriptions, users } from '../db/schema';
import type { MailMessage } from '../mail/mailer';
import { queueMail } from '../mail/queue';
import { receiptMail } from '../mail/receipt';
import type { Settled } from './settle';

/** The profile's cards tab. */
export const cardPageUrl = (origin: string) => `${origin}${profileCardsPath}`;
export const subscriptionsPageUrl = (origin: string) => `${origin}/user/subscription`;
/** The page where the signed-in customer completes one renewal charge waiting for them (3-D Secure). */
export const completionPageUrl = (origin: string, ref: string) =>
  `${origin}/billing/complete/${encodeURIComponent(ref)}`;

async function subscriptionFacts(tx: Database, subscriptionId: number) {
  const [row] = await tx
    .select({ sub: subscriptions, email: users.email, product: products.name })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.downloadId, subscriptions.downloadId))
    .where(eq(subscriptions.id, subscriptionId));
  return row ?? null;
}

/** The mail of a refused renewal charge: what failed, what happens next, and where to fix it. */
export function failedChargeMail(
  facts: { email: string; product: string; amountCents: number },
  next: { nextAttemptAt: Date | null; needsCustomer: boolean; completionRef: string | null },
  origin: string,
): MailMessage {
  const amount = formatMoney(facts.amountCents / 100);
  const lines = next.needsCustomer
    ? [
        `Your bank asks you to confirm the ${amount} renewal payment for ${facts.product}.`,
        `Sign in and complete the payment: ${next.completionRef ? completionPageUrl(origin, next.completionRef) : subscriptionsPageUrl(origin)}`,
      ]
    : [`We could not charge ${amount} to your card for the renewal of ${facts.product}.`];
  lines.push(
    next.nextAttemptAt
      ? `We will try again on ${formatDate(next.nextAttemptAt.toISOString())}. To pay with another card, update your default card: ${cardPageUrl(origin)}`
      : `This was the last try: the subscription has expired. Update your card and renew the licence: ${cardPageUrl(origin)}`,
  );
  return {
    to: facts.email,
    subject: next.needsCustomer
      ? `Confirm your renewal payment for ${facts.product}`
      : `Your renewal payment for ${facts.product} failed`,
    text: lines.join('\n\n'),
  };
}

/**
 * Queues the mail of one settled charge in its transaction (`server/mail/queue.ts`): the receipt of a
 * paid one (the renewal order, as every purchase's), the failure or confirm-your-payment mail of a
 * refused one. A late success for a period already paid mails nothing: support refunds it.
 */
export async function queueSettledMail(tx: Database, origin: string, settled: Settled): Promise<void> {
  if (settled.kind === 'paid') {
    const info = await paymentInfo(tx, settled.paymentId);
    if (info) await queueMail(tx, receiptMail(info, `${origin}/user/purchase-history`));
    return;
  }
  if (settled.kind !== 'failed') return;
  const facts = await subscriptionFacts(tx, settled.subscriptionId);
  if (!facts) return;
  await queueMail(
    tx,
    failedChargeMail({ ...facts, amountCents: facts.sub.recurringAmountCents }, settled, origin),
  );
}
