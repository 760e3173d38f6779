import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { completedStatus, type PaymentInfo } from '../../shared/schemas/checkout';
import type { Database } from '../db';
import { licences, paymentItems, payments, products, subscriptions } from '../db/schema';

const dollars = (cents: number): number => Math.round(cents) / 100;

const methodLabels: Record<string, string> = {
  stripe: 'Card',
  paypalexpress: 'PayPal',
  manual: 'Free purchase',
};

/** 'complete' is what the history calls it; the success page waits for 'completed' (spec §4). */
function statusOf(status: string): string {
  return status === 'complete' ? completedStatus : status;
}

/** spec §3 Payment info for one payment: the receipt the success page shows. */
export async function paymentInfo(db: Database, paymentId: number): Promise<PaymentInfo | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return null;
  const [items, keys] = await Promise.all([
    db
      .select({
        name: paymentItems.name,
        priceName: paymentItems.priceName,
        slug: products.slug,
        cents: paymentItems.amountCents,
        off: paymentItems.discountCents,
      })
      .from(paymentItems)
      .innerJoin(products, eq(products.downloadId, paymentItems.downloadId))
      .where(eq(paymentItems.paymentId, paymentId))
      .orderBy(asc(paymentItems.id)),
    // The licences bought with the payment, and those it renewed or upgraded.
    db
      .select({ id: licences.id, name: products.name, key: licences.key })
      .from(licences)
      .innerJoin(products, eq(products.downloadId, licences.downloadId))
      .where(
        or(
          and(eq(licences.paymentId, paymentId), isNull(licences.parentLicenceId)),
          inArray(
            licences.id,
            db
              .select({ id: paymentItems.licenceId })
              .from(paymentItems)
              .where(eq(paymentItems.paymentId, paymentId)),
          ),
        ),
      )
      .orderBy(asc(licences.id)),
  ]);
  const licenceIds = keys.map((k) => k.id);
  // The subscriptions it started, and the running ones of the licences it renewed (their renewal date
  // moved). A cancelled one renews nothing and an upgrade's old one ended; the success page also waits
  // while the first one shown is not active (spec §4), so they are left out.
  const subs = await db
    .select({ sub: subscriptions, name: products.name })
    .from(subscriptions)
    .innerJoin(products, eq(products.downloadId, subscriptions.downloadId))
    .where(
      or(
        eq(subscriptions.paymentId, paymentId),
        licenceIds.length
          ? and(inArray(subscriptions.licenceId, licenceIds), eq(subscriptions.status, 'active'))
          : undefined,
      ),
    )
    .orderBy(asc(subscriptions.id));
  const complete = payment.status === 'complete';
  return {
    id: payment.id,
    payment: payment.number,
    email: payment.email,
    status: statusOf(payment.status),
    requestAgain: payment.status === 'pending',
    payment_method: methodLabels[payment.gateway] ?? payment.gateway,
    completed_date: complete && payment.completedAt ? payment.completedAt.toISOString() : null,
    subtotal: dollars(payment.subtotalCents),
    total: dollars(payment.totalCents),
    licenses: keys.map((k) => ({ name: k.name, license_key: k.key })),
    subscriptions: subs.map(({ sub, name }) => ({
      name,
      amount: dollars(sub.recurringAmountCents),
      frequency: sub.period,
      renewal_date: sub.renewalAt.toISOString(),
      initial_amount: dollars(sub.initialAmountCents),
      times_billed: sub.timesBilled,
      bill_times: sub.billTimes,
      status: sub.status,
    })),
    products: items.map((i) => ({
      name: `${i.name} - ${i.priceName}`,
      sku: i.slug,
      price: dollars(i.cents - i.off),
    })),
    new_account: payment.createdAccount,
  };
}
