import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db';

/**
 * Columns that change on a read: a session's last use is touched (at most once a minute) by any
 * authenticated call, refused or not, and its idle expiry moves with it. Everything else counts.
 */
const volatileColumns: Readonly<Record<string, readonly string[]>> = {
  sessions: ['last_seen_at', 'expires_at'],
};

/** Table name → `rows:md5` of its rows (volatile columns left out), ordered so equal data hashes equal. */
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
  const parts = [...byTable].map(([table, cols]) => {
    const row = `json_build_array(${cols.map((col) => `x.${quote(col)}`).join(', ')})::text`;
    return `select '${table}' as name, count(*)::int as rows,
              md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as sum
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
