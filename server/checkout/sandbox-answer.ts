import { and, eq, isNull } from 'drizzle-orm';
import { checkouts, type PurchaseSavedCard } from '../db/schema';
import { markFailedWithin } from './confirm';
import { type FulfilmentDeps, fulfilWithin, mailFulfilment } from './fulfil';

export type SandboxOutcome = 'paid' | 'failed';

/** What the page's answer was, read from its form: paid or failed, and the card kept for renewals. */
export interface SandboxAnswer {
  outcome: SandboxOutcome;
  savedCard: PurchaseSavedCard | null;
}

/**
 * The answer given on the sandbox gateway's page (DESIGN §6). Only the first answer counts, as a real
 * gateway's page takes one payment; recording it and what it leads to (the payment fulfilled as a
 * gateway's webhook would, or marked failed) are one transaction, so a failure halfway leaves the page
 * open to be answered again instead of an answer recorded for a payment nobody fulfils. Answers the
 * outcome that counts (an earlier answer's, when there was one).
 */
export async function answerSandboxPayment(
  deps: FulfilmentDeps,
  checkout: { paymentId: number; gatewayRef: string | null; sandboxOutcome: string | null },
  answer: SandboxAnswer,
): Promise<SandboxOutcome> {
  const given = answer.outcome;
  const answered = await deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .update(checkouts)
      .set({ sandboxOutcome: given, savedCard: answer.savedCard })
      .where(and(eq(checkouts.paymentId, checkout.paymentId), isNull(checkouts.sandboxOutcome)))
      .returning({ paymentId: checkouts.paymentId });
    // Answered before: that answer and what it did stand.
    if (!recorded) return null;
    if (given === 'failed') {
      await markFailedWithin(tx, checkout.paymentId);
      return { fulfilled: null };
    }
    return { fulfilled: await fulfilWithin(tx, deps, checkout.paymentId, checkout.gatewayRef) };
  });
  if (!answered) return checkout.sandboxOutcome === 'paid' ? 'paid' : 'failed';
  await mailFulfilment(deps, answered.fulfilled);
  return given;
}
