import { sql } from 'drizzle-orm';
import type { Database } from '../db';

/** How long a process may work on a claimed subscription before another may take it over. */
export const claimLeaseMs = 10 * 60 * 1000;

/**
 * Claims up to `limit` subscriptions due as of `asOf` (a renewal date or a retry reached, not claimed
 * by a live process): one statement marks them claimed, skipping rows another process has locked at
 * that moment (`FOR UPDATE SKIP LOCKED`), so of any number of processes each row goes to one. PayPal
 * purchases are not charged: there is no saved card behind them, they renew by link. A cancelled one is
 * claimed all the same, at its date, so that it ends like any cancelled subscription.
 */
export async function claimDue(db: Database, asOf: Date, limit: number): Promise<number[]> {
  const until = new Date(asOf.getTime() + claimLeaseMs);
  const result = (await db.execute(sql`
    update subscriptions set claimed_until = ${until.toISOString()}::timestamptz
    where id in (
      select s.id from subscriptions s
      join payments p on p.id = s.payment_id
      where s.status in ('active', 'failing', 'cancelled')
        and coalesce(s.next_attempt_at, s.renewal_at) <= ${asOf.toISOString()}::timestamptz
        and (s.claimed_until is null or s.claimed_until <= ${asOf.toISOString()}::timestamptz)
        and (s.bill_times = 0 or s.times_billed < s.bill_times)
        and (p.gateway <> 'paypalexpress' or s.status = 'cancelled')
      order by coalesce(s.next_attempt_at, s.renewal_at), s.id
      limit ${limit}
      for update of s skip locked
    )
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}
