import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db';

/**
 * Columns that change on a read: a session's last use is touched (at most once a minute) by any
 * authenticated call, refused or not, and its idle expiry moves with it. Everything else counts.
 */
const volatileColumns: Readonly<Record<string, readonly string[]>> = {
  sessions: ['last_seen_at', 'expires_at'],
};

/** Table name → `rows:checksum` of its rows (volatile columns left out). */
export type DatabaseSnapshot = Record<string, string>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rowsOf<T>(db: Database, query: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * One query giving the row count and checksum of every table of the public schema (migrations'
 * bookkeeping aside), built from information_schema so a table added later is covered without touching
 * this file. Built once per database: the schema does not change while the matrix runs.
 */
async function checksumQuery(db: Database): Promise<string> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    `select c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (volatileColumns[table]?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  // An order-free checksum (the sum of 64-bit row hashes): no sort, and a row rewritten with the same
  // values, which may move it on disk, still sums the same.
  const parts = [...byTable].map(([table, cols]) => {
    const row = volatileColumns[table] ? `row(${cols.map((col) => `x.${quote(col)}`).join(', ')})` : 'x';
    return `select '${table}' as name, count(*)::int as rows,
              coalesce(sum(hashtextextended(${row}::text, 0)::numeric), 0)::text as sum
              from ${quote(table)} x`;
  });
  return parts.join('\nunion all\n');
}

/** Takes snapshots of one database. */
export function databaseSnapshots(db: Database): () => Promise<DatabaseSnapshot> {
  let query: Promise<string> | null = null;
  return async () => {
    query ??= checksumQuery(db);
    const sums = await rowsOf<{ name: string; rows: number; sum: string }>(db, await query);
    return Object.fromEntries(sums.map(({ name, rows, sum }) => [name, `${rows}:${sum}`]));
  };
}

/** The tables whose rows differ between two snapshots, ignoring the ones a call is allowed to write. */
export function changedTables(
  before: DatabaseSnapshot,
  after: DatabaseSnapshot,
  mayWrite: readonly string[] = [],
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => !mayWrite.includes(name) && before[name] !== after[name]).sort();
}

/**
 * Checksums of one user's rows, for calls another role is allowed to make: each `table.column` names a
 * table and its column holding the user's id (`billing_addresses.user_id`, `users.id`).
 */
export async function ownerRowsSnapshot(
  db: Database,
  columns: readonly string[],
  userId: number,
): Promise<DatabaseSnapshot> {
  if (!Number.isSafeInteger(userId)) throw new Error(`not a user id: ${userId}`);
  const parts = columns.map((qualified) => {
    const [table = '', column = ''] = qualified.split('.');
    return `select '${qualified}' as name, count(*)::int as rows,
              coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text as sum
              from ${quote(table)} x where x.${quote(column)} = ${userId}`;
  });
  const sums = await rowsOf<{ name: string; rows: number; sum: string }>(db, parts.join('\nunion all\n'));
  return Object.fromEntries(sums.map(({ name, rows, sum }) => [name, `${rows}:${sum}`]));
}
