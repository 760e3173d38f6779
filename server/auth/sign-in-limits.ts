import type { Config } from '../config';
import type { Database } from '../db';
import { consumeRateLimit, refundRateLimit, resetRateLimit } from '../http/rate-limit';

export interface SignInAttempt {
  /** The password was right: the attempt was no failure. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt against the client address and the account, and refuses it (429) when
 * either has had too many failures in the window. Only failures may count (OWASP): people behind one
 * office address must not lock each other out by signing in. Every attempt is counted first, in one
 * atomic upsert, so parallel guesses cannot slip past the limit; a success then takes its count back
 * from the address and clears the account's failures.
 */
export async function countSignInAttempt(
  db: Database,
  limits: Config['signInRateLimit'],
  who: { ip: string; account: string },
): Promise<SignInAttempt> {
  const ipKey = `signin:ip:${who.ip}`;
  const accountKey = `signin:account:${who.account}`;
  await consumeRateLimit(db, [
    { key: ipKey, limit: limits.perIp, windowSeconds: limits.windowSeconds },
    { key: accountKey, limit: limits.perAccount, windowSeconds: limits.windowSeconds },
  ]);
  return {
    async succeeded() {
      await db.transaction(async (tx) => {
        await refundRateLimit(tx, ipKey);
        await resetRateLimit(tx, accountKey);
      });
    },
  };
}
