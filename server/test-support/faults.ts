import { sql } from 'drizzle-orm';
import type { Database } from '../db';

export interface InjectedFault {
  /** Which write fails: `INSERT`, `UPDATE` or `DELETE` on `table`, for rows matching `when` if given. */
  table: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
  /** A trigger condition over `NEW`/`OLD` (e.g. `NEW.revoked_at IS NOT NULL`): test-written SQL only. */
  when?: string;
}

/**
 * A failure between a service's writes, injected into the real database (PGlite or PostgreSQL) as a
 * lost connection or a full disk would strike: a trigger raising on the chosen write, so the writes
 * before it in the same request have already run. Answers the function that removes it again.
 */
export async function injectFault(db: Database, fault: InjectedFault): Promise<() => Promise<void>> {
  const name = `injected_fault_${fault.table}_${fault.operation.toLowerCase()}`;
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'injected fault: % on %', tg_op, tg_table_name; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before ${fault.operation} on "${fault.table}" for each row
      ${fault.when ? `when (${fault.when})` : ''} execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on "${fault.table}"`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
