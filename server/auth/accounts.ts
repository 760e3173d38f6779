import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { users } from '../db/schema';
import type { UserRow } from './sessions';

/**
 * The account a login names. An address is looked up by e-mail only, anything else by user name only:
 * one login never matches two different accounts.
 */
export async function findUserByLogin(db: Database, login: string): Promise<UserRow | null> {
  const normalised = login.trim().toLowerCase();
  if (normalised === '') return null;
  const column = normalised.includes('@') ? users.email : users.username;
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${column})`, normalised))
    .limit(1);
  return user ?? null;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}
