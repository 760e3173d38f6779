import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { hashToken, looksLikeToken, newToken } from './tokens';

export interface SessionPolicy {
  idleTtlSeconds: number;
  absoluteTtlSeconds: number;
  rotateAfterSeconds: number;
  rotationGraceSeconds: number;
}

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface ResolvedSession {
  session: SessionRow;
  user: UserRow;
  /** A new token when this request rotated it; the caller sends it in the X-WP-Nonce header. */
  rotatedToken: string | null;
}

const seconds = (n: number) => n * 1000;

/** The idle expiry is pushed forward at most this often, so reads do not each cost a write. */
const touchEverySeconds = 60;

/**
 * The live session of a token hash with its user, in one prepared round trip on every authenticated
 * request. The hash may be the token replaced by the last rotation, within its grace period. `now` is
 * an ISO string: placeholders skip the column's own encoding, and this is what that encoding gives.
 */
const liveSessionByToken = preparedPerDatabase((db) => {
  const now = sql.placeholder('now');
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        or(
          eq(sessions.tokenHash, sql.placeholder('hash')),
          and(eq(sessions.previousTokenHash, sql.placeholder('hash')), gt(sessions.previousValidUntil, now)),
        ),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .limit(1)
    .prepare('live_session_by_token');
});

export async function createSession(
  db: Database,
  policy: SessionPolicy,
  userId: number,
  client: { ip: string; userAgent: string | null },
  now = new Date(),
): Promise<{ token: string; session: SessionRow }> {
  const token = newToken();
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      tokenIssuedAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + seconds(policy.idleTtlSeconds)),
      absoluteExpiresAt: new Date(now.getTime() + seconds(policy.absoluteTtlSeconds)),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    })
    .returning();
  if (!session) throw new Error('Session insert returned no row');
  return { token, session };
}

/**
 * Finds the live session for a token, accepting the token replaced by the last rotation during its
 * grace period. When the current token is older than the rotation interval a new one is issued; the
 * update is conditional on the token still being current, so of several parallel requests exactly
 * one rotates and the others carry on with the old token, which stays valid for the grace period.
 */
export async function resolveSession(
  db: Database,
  policy: SessionPolicy,
  token: string,
  now = new Date(),
): Promise<ResolvedSession | null> {
  if (!looksLikeToken(token)) return null;
  const hash = hashToken(token);
  const [found] = await liveSessionByToken(db).execute({ hash, now: now.toISOString() });
  if (!found) return null;
  if (found.user.status !== 'active') return null;

  const { session } = found;
  const isCurrent = session.tokenHash === hash;
  const expiresAt = new Date(now.getTime() + seconds(policy.idleTtlSeconds));
  const rotationDue = now.getTime() - session.tokenIssuedAt.getTime() >= seconds(policy.rotateAfterSeconds);

  if (isCurrent && rotationDue) {
    const token = newToken();
    const [rotated] = await db
      .update(sessions)
      .set({
        tokenHash: hashToken(token),
        previousTokenHash: hash,
        previousValidUntil: new Date(now.getTime() + seconds(policy.rotationGraceSeconds)),
        tokenIssuedAt: now,
        lastSeenAt: now,
        expiresAt,
      })
      .where(and(eq(sessions.id, session.id), eq(sessions.tokenHash, hash)))
      .returning();
    if (rotated) return { session: rotated, user: found.user, rotatedToken: token };
    return { session, user: found.user, rotatedToken: null };
  }

  if (now.getTime() - session.lastSeenAt.getTime() >= seconds(touchEverySeconds)) {
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, session.id));
  }
  return { session, user: found.user, rotatedToken: null };
}

export async function revokeSession(db: Database, sessionId: number, now = new Date()): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Deletes sessions that can no longer be used, a day after they ended (kept briefly for support). */
export async function pruneSessions(db: Database, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - seconds(24 * 3600));
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, cutoff),
        lt(sessions.absoluteExpiresAt, cutoff),
        and(sql`${sessions.revokedAt} is not null`, lt(sessions.revokedAt, cutoff)),
      ),
    );
}

/**
 * Ends every live session of an account but `exceptSessionId` (the one making the change): after a
 * 2FA change or a password reset, a stolen token must stop working.
 */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  exceptSessionId: number | null = null,
  now = new Date(),
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === null ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
}
