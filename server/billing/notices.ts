import type { Database } from '../db';
import { billingNotices } from '../db/schema';
import type { MailMessage } from '../mail/mailer';
import { queueMail } from '../mail/queue';

/**
 * Marks a notice as sent; true only for the caller that marked it first, so a notice is mailed once
 * however many runs or processes reach it.
 */
export async function claimNotice(db: Database, key: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(billingNotices)
    .values({ key, sentAt: at })
    .onConflictDoNothing()
    .returning({ key: billingNotices.key });
  return inserted.length > 0;
}

/**
 * Marks a notice sent and queues its mail in one transaction: true for the one caller that did. The mail
 * is sent by the next delivery (`deliverQueued`), even if this process stops first.
 */
export async function noticeOnce(db: Database, key: string, at: Date, mail: MailMessage): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimNotice(tx, key, at))) return false;
    await queueMail(tx, mail);
    return true;
  });
}

/**
 * Of the notices `offsetsDays` around a date (negative: before it), the latest one due as of `asOf`;
 * null when none is, or when the last one's day has passed (a run that was down catches up with the
 * most recent notice only, never a stale one).
 */
export function dueOffset(
  date: Date,
  offsetsDays: readonly number[],
  asOf: Date,
  dayMs: number,
): number | null {
  const sorted = [...offsetsDays].sort((a, b) => a - b);
  const last = sorted.at(-1);
  if (last === undefined || asOf.getTime() >= date.getTime() + (last + 1) * dayMs) return null;
  const due = sorted.filter((offset) => date.getTime() + offset * dayMs <= asOf.getTime());
  return due.at(-1) ?? null;
}
