import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db';
import { twoFactorChallenges } from '../db/schema';
import { hashToken, looksLikeToken, newToken } from './tokens';

export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;
export type ChallengeKind = ChallengeRow['kind'];

/** Long enough to open a mailbox or install an authenticator app, short enough to be useless later. */
export const challengeTtlSeconds = 30 * 60;

export interface NewChallenge {
  userId: number;
  kind: ChallengeKind;
  level: string;
  method?: 'totp' | 'email' | null;
  sessionId?: number | null;
}

/** Starts a challenge; the ticket goes to the client (`X-2FA-Auth-Id`), its SHA-256 to the table. */
export async function createChallenge(
  db: Database,
  values: NewChallenge,
  now = new Date(),
): Promise<{ ticket: string; challenge: ChallengeRow }> {
  const ticket = newToken();
  const [challenge] = await db
    .insert(twoFactorChallenges)
    .values({
      ticketHash: hashToken(ticket),
      userId: values.userId,
      kind: values.kind,
      level: values.level,
      method: values.method ?? null,
      sessionId: values.sessionId ?? null,
      expiresAt: new Date(now.getTime() + challengeTtlSeconds * 1000),
      createdAt: now,
    })
    .returning();
  if (!challenge) throw new Error('Challenge insert returned no row');
  return { ticket, challenge };
}

const open = (now: Date) =>
  and(isNull(twoFactorChallenges.consumedAt), gt(twoFactorChallenges.expiresAt, now));

export async function findChallenge(
  db: Database,
  ticket: string,
  now = new Date(),
): Promise<ChallengeRow | null> {
  if (!looksLikeToken(ticket)) return null;
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.ticketHash, hashToken(ticket)), open(now)))
    .limit(1);
  return row ?? null;
}

/** The open 2FA change a signed-in session started (profile), newest first; re-auth codes aside. */
export async function findSessionChallenge(
  db: Database,
  sessionId: number,
  now = new Date(),
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(eq(twoFactorChallenges.sessionId, sessionId), ne(twoFactorChallenges.kind, 'reauth'), open(now)),
    )
    .orderBy(desc(twoFactorChallenges.id))
    .limit(1);
  return row ?? null;
}

export async function updateChallenge(
  db: Database,
  id: number,
  values: Partial<Omit<ChallengeRow, 'id' | 'ticketHash' | 'userId'>>,
): Promise<void> {
  await db.update(twoFactorChallenges).set(values).where(eq(twoFactorChallenges.id, id));
}

/** Ends a challenge; false when another request ended it first (so a ticket completes one sign-in). */
export async function consumeChallenge(db: Database, id: number, now = new Date()): Promise<boolean> {
  const done = await db
    .update(twoFactorChallenges)
    .set({ consumedAt: now, pendingCodes: null, pendingSecret: null, emailCodeHash: null })
    .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.consumedAt)))
    .returning({ id: twoFactorChallenges.id });
  return done.length > 0;
}
