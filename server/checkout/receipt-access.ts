import { eq } from 'drizzle-orm';
import type { PaymentInfo } from '../../shared/schemas/checkout';
import type { UserRow } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import type { Database } from '../db';
import { payments } from '../db/schema';
import type { CheckoutRow } from './confirm';

/** How long a payment reference alone (a success URL in a history, a log, a shared link) shows it all. */
export const openReceiptSeconds = 24 * 3600;

/**
 * Whether the success page may show licence keys and the buyer's e-mail: within 24 hours of the
 * purchase to whoever holds its reference, afterwards only to the browser that bought (its cart
 * token) or the signed-in owner. A reference leaks more easily than it expires.
 */
export async function showsBuyerDetails(
  db: Database,
  row: CheckoutRow,
  caller: { user: UserRow | null; cartToken: string | null },
  now: Date,
): Promise<boolean> {
  if (now.getTime() - row.createdAt.getTime() < openReceiptSeconds * 1000) return true;
  if (caller.cartToken !== null && row.buyerTokenHash === hashToken(caller.cartToken)) return true;
  if (caller.user === null) return false;
  const [payment] = await db
    .select({ userId: payments.userId })
    .from(payments)
    .where(eq(payments.id, row.paymentId));
  return payment?.userId === caller.user.id;
}

/** The receipt without what identifies or enriches a stranger: no licence keys, no e-mail address. */
export function withoutBuyerDetails(info: PaymentInfo): PaymentInfo {
  return { ...info, email: '', licenses: [] };
}
