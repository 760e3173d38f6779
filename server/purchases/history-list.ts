import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Purchase } from '../../shared/schemas/purchases';
import type { Database } from '../db';
import { licences, paymentItems, payments } from '../db/schema';
import { invoiceAvailable } from '../invoices/eligibility';
import { effectiveStatus } from '../licences/activation';

type ProductRow = {
  paymentId: number;
  downloadId: number;
  name: string;
  priceName: string;
  priceId: number;
  licenceId: number | null;
  licenceKey: string | null;
  licenceStatus: string | null;
  licenceExpiresAt: Date | null;
};

/** Each payment's items with the licence bought with it (a bundle's child licences are not listed). */
async function productsOf(db: Database, userId: number, paymentIds: number[]) {
  const byPayment = new Map<number, ProductRow[]>(paymentIds.map((id) => [id, []]));
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
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
    .leftJoin(
      licences,
      and(
        eq(licences.paymentItemId, paymentItems.id),
        eq(licences.userId, userId),
        isNull(licences.parentLicenceId),
      ),
    )
    .where(inArray(paymentItems.paymentId, paymentIds))
    .orderBy(asc(paymentItems.id));
  for (const row of rows) byPayment.get(row.paymentId)?.push(row);
  return byPayment;
}

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
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), ne(payments.status, 'abandoned')))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  const items = await productsOf(
    db,
    userId,
    rows.map((row) => row.id),
  );
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
