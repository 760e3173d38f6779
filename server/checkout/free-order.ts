import { type FulfilmentDeps, fulfilWithin, mailFulfilment } from './fulfil';
import { type PendingPayment, type PendingPaymentInput, pendingPaymentWithin } from './purchase';

/**
 * A free order (no gateway: nothing to pay): the payment and its fulfilment in one transaction. No
 * gateway will ever answer for it, so a failure between the two must not leave a pending payment that
 * nothing fulfils; the receipt is mailed after the commit.
 */
export async function placeFreeOrder(
  deps: FulfilmentDeps,
  input: PendingPaymentInput,
): Promise<PendingPayment> {
  const { pending, fulfilled } = await deps.db.transaction(async (tx) => {
    const pending = await pendingPaymentWithin(tx, input);
    return { pending, fulfilled: await fulfilWithin(tx, deps, pending.paymentId, null) };
  });
  await mailFulfilment(deps, fulfilled);
  return pending;
}
