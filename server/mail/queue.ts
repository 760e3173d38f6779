import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { mailQueue } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

/** How long a delivering process holds a row before another may send it (it died, or hangs). */
const leaseMs = 5 * 60 * 1000;
/** After a failed send, the next try waits this long per failure so far, at most an hour. */
const backoffMs = 5 * 60 * 1000;
const maxBackoffMs = 60 * 60 * 1000;
/** A message refused this often is left for support (its row and last error stay). */
export const maxMailAttempts = 20;

/**
 * Writes a message to send into the caller's transaction: it exists exactly when the change that made it
 * commits. Due at once (the database's clock).
 */
export async function queueMail(tx: Database, message: MailMessage): Promise<void> {
  await tx.insert(mailQueue).values({ ...message, html: message.html ?? null });
}

/**
 * Sends the queued messages that are due, a batch at a time: each batch is claimed by one statement
 * (`FOR UPDATE SKIP LOCKED`, the claim moving `next_try_at` past the lease), so several processes
 * never send one row at once. A sent row is marked sent; a refused one is tried again later. A process
 * that dies after sending and before marking sends that one message again once the lease ends: a
 * receipt may arrive twice, never not at all. `now` is the wall clock, or a later time a billing run
 * travels to (`runBilling`). Returns how many were sent.
 */
export async function deliverQueued(
  deps: { db: Database; mailer: Mailer; logger: Logger },
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (;;) {
    const result = (await deps.db.execute(sql`
      update mail_queue set next_try_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
        attempts = attempts + 1
      where id in (
        select id from mail_queue
        where sent_at is null and attempts < ${maxMailAttempts}
          and next_try_at <= ${now.toISOString()}::timestamptz
        order by id limit 50
        for update skip locked
      )
      returning id, "to", subject, text, html, attempts`)) as unknown as {
      rows: {
        id: number;
        to: string;
        subject: string;
        text: string;
        html: string | null;
        attempts: number;
      }[];
    };
    if (result.rows.length === 0) return sent;
    for (const row of result.rows) {
      const id = Number(row.id);
      try {
        await deps.mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
        });
        await deps.db.update(mailQueue).set({ sentAt: new Date() }).where(eq(mailQueue.id, id));
        sent += 1;
      } catch (error) {
        const wait = Math.min(maxBackoffMs, backoffMs * Number(row.attempts));
        deps.logger.error('queued mail not sent', { id, attempts: row.attempts, error });
        await deps.db
          .update(mailQueue)
          .set({
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
            nextTryAt: new Date(now.getTime() + wait),
          })
          .where(eq(mailQueue.id, id));
      }
    }
  }
}
