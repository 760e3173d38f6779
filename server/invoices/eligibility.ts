import type { PaymentStatus } from '../db/schema';
import { HttpError } from '../http/errors';

/** Paid purchases, and pending ones (a manual payment on its way), have an invoice; nothing else. */
const invoiceable: ReadonlySet<string> = new Set<PaymentStatus>(['complete', 'pending']);

export function invoiceAvailable(status: string): boolean {
  return invoiceable.has(status);
}

/** 409 for a purchase without an invoice; the refunded case names itself (spec §2 Purchase History). */
export function assertInvoiceable(status: string): void {
  if (invoiceAvailable(status)) return;
  throw new HttpError(
    409,
    'invoice_unavailable',
    status === 'refunded' ? 'A refunded purchase has no invoice.' : 'This purchase has no invoice.',
  );
}
