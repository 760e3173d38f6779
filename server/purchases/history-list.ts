import { and, asc, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Purchase } from '../../shared/schemas/purchases';
import type { Database } from '../db';
import { preparedPerDatabase } from '../db/prepared';
import { licences, paymentItems, payments } from '../db/schema';
import { invoiceAvailable } from '../invoices/eligibility';
import { effectiveStatus } from '../licences/activation';

const userIdParam = sql.placeholder('userId');
/** Purchases, not abandoned checkouts (those never became purchases). */
const listedPayment = and(eq(payments.userId, userIdParam), ne(payments.status, 'abandoned'));

const paymentsOfUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(payments)
    .where(listedPayment)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .prepare('history_payments'),
);

/**
 * The items of the same payments with the licence of each: the one it renewed or upgraded, else the one
 * bought with it (a bundle's child licences are not listed). Selected by the same condition as the
 * payments, so both queries run at once.
 */
const itemsOfUser = preparedPerDatabase((db) =>
  db
    .select({
      paymentId: paymentItems.paymentId,
      downloadId: paymentItems.downloadId,
      name: paymentItems.name,
      priceName: paymentItems.priceName,
      priceId: paymentItems.priceId,
      licenceId: licences.id,
      licenceKey: licences.key,
      licenceStatus: licences.status,
      licenceExpiresAt: licences.expiresAt,
    })
    .from(paymentItems)
    .innerJoin(payments, and(eq(payments.id, paymentItems.paymentId), listedPayment))
    .leftJoin(
      licences,
      and(
        or(
          eq(licences.id, paymentItems.licenceId),
          and(isNull(paymentItems.licenceId), eq(licences.paymentItemId, paymentItems.id)),
        ),
        eq(licences.userId, userIdParam),
        isNull(licences.parentLicenceId),
      ),
    )
    .orderBy(asc(paymentItems.id))
    .prepare('history_items'),
);

type ProductRow = Awaited<ReturnType<ReturnType<typeof itemsOfUser>['execute']>>[number];

function licenceOf(item: ProductRow, now: Date): Purchase['products'][number]['license'] {
  if (item.licenceId === null || item.licenceKey === null || item.licenceStatus === null) return null;
  return {
    license_id: item.licenceId,
    license_key: item.licenceKey,
    // As My Products shows it: an active licence past its expiry reads 'expired'.
    status: effectiveStatus({ status: item.licenceStatus, expiresAt: item.licenceExpiresAt }, now),
  };
}

/**
 * `GET /history` without parameters (spec §7): the user's purchase history, newest first. Abandoned
 * checkouts never became purchases and are left out.
 */
export async function purchaseHistory(db: Database, userId: number, now = new Date()): Promise<Purchase[]> {
  const [rows, itemRows] = await Promise.all([
    paymentsOfUser(db).execute({ userId }),
    itemsOfUser(db).execute({ userId }),
  ]);
  const items = new Map<number, ProductRow[]>();
  for (const item of itemRows) {
    const list = items.get(item.paymentId);
    if (list) list.push(item);
    else items.set(item.paymentId, [item]);
  }
  return rows.map((row) => ({
    ID: row.id,
    number: row.number,
    subtotal: row.subtotalCents / 100,
    total: row.totalCents / 100,
    date: (row.completedAt ?? row.createdAt).toISOString(),
    status: row.status,
    email: row.email,
    purchase_key: row.purchaseKey,
    invoice_available: invoiceAvailable(row.status),
    products: (items.get(row.id) ?? []).map((item) => ({
      ID: item.downloadId,
      name: item.name,
      icon: '',
      price_name: item.priceName,
      price_id: item.priceId,
      license: licenceOf(item, now),
    })),
  }));
}
