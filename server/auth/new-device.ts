import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db';
import { sessions } from '../db/schema';

/**
 * True when no earlier session of the account (still kept: sessions are pruned a day after they end)
 * came from this user agent and address: a sign-in from a new device, which the owner is told about.
 */
export async function isNewDevice(
  db: Database,
  userId: number,
  newSessionId: number,
  client: { ip: string; userAgent: string | null },
): Promise<boolean> {
  const userAgent = client.userAgent?.slice(0, 500) ?? null;
  const [seen] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.id, newSessionId),
        eq(sessions.ip, client.ip),
        userAgent === null ? isNull(sessions.userAgent) : eq(sessions.userAgent, userAgent),
      ),
    )
    .limit(1);
  return seen === undefined;
}
