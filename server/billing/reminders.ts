import { and, eq, gte, inArray, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import { licences, payments, products, subscriptions, users } from '../db/schema';
import { renewalLink } from '../licences/links';
import type { BillingDeps } from './deps';
import { dayMs } from './deps';
import { cardPageUrl, subscriptionsPageUrl } from './mails';
import { dueOffset, noticeOnce } from './notices';

/** Expiry notices of a licence that renews by link: 30 days before, on the day, 7 days after. */
const expiryOffsets = [-30, 0, 7];

/**
 * Before each yearly renewal (`reminderDays`, default 30 and 7 days): the amount, the date, and the
 * links to cancel and to update the card. Card subscriptions only: PayPal ones renew by link.
 */
async function renewalReminders(deps: BillingDeps, asOf: Date): Promise<number> {
  const furthest = Math.max(0, ...deps.settings.reminderDays);
  const rows = await deps.db
    .select({ sub: subscriptions, email: users.email, product: products.name })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(products, eq(products.downloadId, subscriptions.downloadId))
    .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.period, 'year'),
        eq(subscriptions.billTimes, 0),
        ne(payments.gateway, 'paypalexpress'),
        gte(subscriptions.renewalAt, asOf),
        lte(subscriptions.renewalAt, new Date(asOf.getTime() + furthest * dayMs)),
      ),
    );
  let sent = 0;
  for (const { sub, email, product } of rows) {
    const offset = dueOffset(
      sub.renewalAt,
      deps.settings.reminderDays.map((d) => -d),
      asOf,
      dayMs,
    );
    if (offset === null || offset > 0) continue;
    const key = `renewal:${sub.id}:${sub.renewalAt.toISOString()}:${-offset}`;
    const amount = formatMoney(sub.recurringAmountCents / 100);
    const date = formatDate(sub.renewalAt.toISOString());
    const mail = {
      to: email,
      subject: `Your ${product} subscription renews on ${date}`,
      text: [
        `Your ${product} subscription renews on ${date}: ${amount} will be charged to your default card.`,
        `To stop it, cancel the subscription: ${subscriptionsPageUrl(deps.origin)}`,
        `To pay with another card, update your default card: ${cardPageUrl(deps.origin)}`,
      ].join('\n\n'),
    };
    if (await noticeOnce(deps.db, key, asOf, mail)) sent += 1;
  }
  return sent;
}

/**
 * For licences no subscription renews (PayPal, manual, free, cancelled): notices 30 days before the
 * expiry, on the day and 7 days after, each with the renewal link.
 */
async function expiryNotices(deps: BillingDeps, asOf: Date): Promise<number> {
  const renewing = deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
    .where(
      and(
        eq(subscriptions.licenceId, licences.id),
        inArray(subscriptions.status, ['active', 'failing']),
        ne(payments.gateway, 'paypalexpress'),
      ),
    );
  const rows = await deps.db
    .select({ licence: licences, email: users.email, product: products.name })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .where(
      and(
        isNull(licences.parentLicenceId),
        inArray(licences.status, ['active', 'inactive', 'expired']),
        sql`${licences.expiresAt} between ${new Date(asOf.getTime() - 8 * dayMs).toISOString()}::timestamptz and ${new Date(asOf.getTime() + 30 * dayMs).toISOString()}::timestamptz`,
        notExists(renewing),
      ),
    );
  let sent = 0;
  for (const { licence, email, product } of rows) {
    const expiresAt = licence.expiresAt;
    if (!expiresAt) continue;
    const offset = dueOffset(expiresAt, expiryOffsets, asOf, dayMs);
    if (offset === null) continue;
    const key = `expiry:${licence.id}:${expiresAt.toISOString()}:${offset}`;
    const date = formatDate(expiresAt.toISOString());
    const link = renewalLink(deps.origin, licence.key, licence.downloadId, licence.priceId);
    const when = offset < 0 ? `expires on ${date}` : offset === 0 ? 'expires today' : `expired on ${date}`;
    const mail = {
      to: email,
      subject: `Your ${product} licence ${when}`,
      text: `Your ${product} licence ${when}. Renew it to keep updates and support: ${link}`,
    };
    if (await noticeOnce(deps.db, key, asOf, mail)) sent += 1;
  }
  return sent;
}

/** The reminders and expiry notices due as of `asOf`, each mailed once. Returns how many went out. */
export async function sendReminders(deps: BillingDeps, asOf: Date): Promise<number> {
  return (await renewalReminders(deps, asOf)) + (await expiryNotices(deps, asOf));
}
