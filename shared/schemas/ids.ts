/**
 * The largest id there is: ids are PostgreSQL `integer` columns. A larger number names nothing, and
 * refused here it never reaches SQL, where it would be an "out of range" error instead of a 400.
 *
 * A module of its own: the answer schemas of every element cap their ids with it, and importing it from
 * rules.ts would make each of them download every form rule.
 */
export const maxId = 2_147_483_647;
