import { eq } from 'drizzle-orm';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import { products, subscriptions, users } from '../db/schema';
import type { MailMessage } from '../mail/mailer';
import { mailReceipt } from '../mail/receipt';
import type { BillingDeps } from './deps';
import type { Settled } from './settle';

/** The profile page, where the cards are. */
export const cardPageUrl = (origin: string) => `${origin}/user/profile`;
export const subscriptionsPageUrl = (origin: string) => `${origin}/user/subscription`;

type MailDeps = Pick<BillingDeps, 'db' | 'mailer' | 'logger' | 'origin'>;

async function subscriptionFacts(deps: MailDeps, subscriptionId: number) {
  const [row] = await deps.db
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
  next: { nextAttemptAt: Date | null; needsCustomer: boolean },
  origin: string,
): MailMessage {
  const amount = formatMoney(facts.amountCents / 100);
  const lines = next.needsCustomer
    ? [
        `Your bank asks you to confirm the ${amount} renewal payment for ${facts.product}.`,
        `Complete the payment: ${subscriptionsPageUrl(origin)}`,
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
 * The mails of one settled charge, after its commit: the receipt of a paid one (the renewal order),
 * the failure or confirm-your-payment mail of a refused one. A mail that fails is logged: the charge
 * stands either way.
 */
export async function mailSettled(deps: MailDeps, settled: Settled): Promise<void> {
  try {
    if (settled.kind === 'paid') {
      await mailReceipt({ ...deps, accountUrl: `${deps.origin}/user/purchase-history` }, settled.paymentId);
      return;
    }
    const facts = await subscriptionFacts(deps, settled.subscriptionId);
    if (!facts) return;
    if (settled.kind === 'paid_twice') {
      deps.logger.error('renewal paid twice: refund the later charge', { ...settled });
      return;
    }
    await deps.mailer.send(
      failedChargeMail({ ...facts, amountCents: facts.sub.recurringAmountCents }, settled, deps.origin),
    );
  } catch (error) {
    deps.logger.error('billing mail failed', { ...settled, error });
  }
}
