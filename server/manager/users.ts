import { asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { ManagedUser, UsersQuery } from '../../shared/schemas/manager';
import type { UserRow } from '../auth/sessions';
import type { Database } from '../db';
import { users } from '../db/schema';
import { canSwitchInto } from './roles';
import { containsPattern } from './search';

function orderOf(query: UsersQuery): SQL[] {
  const direction = query.order === 'desc' ? desc : asc;
  const column = {
    name: sql`lower(${users.displayName})`,
    email: sql`lower(${users.email})`,
    id: users.id,
    registered: users.createdAt,
  }[query.orderby];
  // The id breaks ties so that pages never repeat or skip a user.
  return [direction(column), direction(users.id)];
}

/** `GET /users`: one page of accounts matching the search (name, e-mail or user name) and the total. */
export async function listUsers(
  db: Database,
  actor: UserRow,
  query: UsersQuery,
): Promise<{ users: ManagedUser[]; total: number }> {
  const pattern = containsPattern(query.search);
  const where = query.search
    ? or(
        ilike(users.displayName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ilike(users.email, pattern),
        ilike(users.username, pattern),
      )
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    users: rows.map((row) => ({
      user_id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim() || row.displayName,
      email: row.email,
      can_switch: canSwitchInto(actor, row),
    })),
  };
}
