import { and, asc, eq, sql } from 'drizzle-orm';
import type { InvoiceData, InvoiceFields } from '../../shared/schemas/purchases';
import type { Database } from '../db';
import { billingAddresses, invoices, paymentItems, payments, users } from '../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** Any constant works; every process numbering invoices in this database takes the same lock. */
const invoiceNumberLock = 4_281_337;

/** The printed number of the n-th invoice: '000042'. */
export function invoiceNumber(sequence: number): string {
  return String(sequence).padStart(6, '0');
}

/** A purchase of this user, or null for one that does not exist or is someone else's. */
export async function paymentOf(db: Database, userId: number, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .limit(1);
  return row ?? null;
}

export function itemsOf(db: Database, paymentId: number) {
  return db
    .select()
    .from(paymentItems)
    .where(eq(paymentItems.paymentId, paymentId))
    .orderBy(asc(paymentItems.id));
}

export async function invoiceOf(db: Database, paymentId: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.paymentId, paymentId)).limit(1);
  return row ?? null;
}

/**
 * The form's starting values (`GET /invoice`): the invoice as last generated, or, before the first one,
 * the buyer's name, the purchase's e-mail and the saved billing address.
 */
export async function invoiceData(db: Database, userId: number, payment: PaymentRow): Promise<InvoiceData> {
  const saved = await invoiceOf(db, payment.id);
  if (saved) {
    const { number, name, email, line1, line2, city, state, country, zip, vat, notes } = saved;
    return {
      number,
      order_number: payment.number,
      name,
      email,
      line1,
      line2,
      city,
      state,
      country,
      zip,
      vat,
      notes,
    };
  }
  const [profile] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      address: billingAddresses,
    })
    .from(users)
    .leftJoin(billingAddresses, eq(billingAddresses.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const address = profile?.address;
  return {
    number: null,
    order_number: payment.number,
    name: [profile?.firstName, profile?.lastName].filter(Boolean).join(' '),
    email: payment.email,
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: address?.country ?? '',
    zip: address?.zip ?? '',
    vat: '',
    notes: '',
  };
}

/**
 * Saves the billing details of a purchase's invoice and returns it. The first time, it takes the next
 * number of the vendor's single sequence (no gaps: the number is allocated under a lock, in the
 * transaction that inserts it); after that the number stays and only the details change.
 */
export async function saveInvoice(
  db: Database,
  userId: number,
  paymentId: number,
  fields: InvoiceFields,
): Promise<InvoiceRow> {
  const details = {
    name: fields.name,
    email: fields.email,
    line1: fields.line1,
    line2: fields.line2,
    city: fields.city,
    state: fields.state,
    country: fields.country,
    zip: fields.zip,
    vat: fields.vat,
    notes: fields.notes,
  };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${invoiceNumberLock})`);
    const [updated] = await tx
      .update(invoices)
      .set({ ...details, updatedAt: new Date() })
      .where(eq(invoices.paymentId, paymentId))
      .returning();
    if (updated) return updated;
    const [last] = await tx.select({ max: sql<number | null>`max(${invoices.sequence})` }).from(invoices);
    const sequence = Number(last?.max ?? 0) + 1;
    const [created] = await tx
      .insert(invoices)
      .values({ ...details, paymentId, userId, sequence, number: invoiceNumber(sequence) })
      .returning();
    if (!created) throw new Error('Invoice insert returned no row');
    return created;
  });
}
