import type { Database } from './index';

/**
 * A statement of a hot path, built once per database handle instead of on every request: Drizzle's
 * query building costs about as much CPU as the round trip it prepares. On PostgreSQL the statement is
 * also named, so each pooled connection parses and plans it once. Keyed weakly by the handle, so a
 * closed database (tests open many) takes its statements with it.
 */
export function preparedPerDatabase<Statement>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const built = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
