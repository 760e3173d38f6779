import { desc } from 'drizzle-orm';
import type { Database } from '../db';
import { mailOutbox } from '../db/schema';

export interface OutboxMessage {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created: string;
}

export async function storeInOutbox(
  db: Database,
  message: { from: string; to: string; subject: string; text: string; html?: string },
): Promise<void> {
  await db.insert(mailOutbox).values({ ...message, html: message.html ?? null });
}

/** Newest first; the outbox is a development aid, so a fixed cap keeps the page small. */
export async function listOutbox(db: Database, limit = 200): Promise<OutboxMessage[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    from: row.from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created: row.createdAt.toISOString(),
  }));
}
