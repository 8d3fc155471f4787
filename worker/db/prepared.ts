import { fillPlaceholders, getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";

/**
 * A statement drizzle built once with placeholders (`sql.placeholder`): the same text for every call, so D1
 * compiles it once, and no building on the way (docs/scale.md "Against the floor (issue 28)").
 */
export type Prepared = { readonly sql: string; readonly params: readonly unknown[] };

/** The query's text and parameters, placeholders in place of the values. */
export const prepared = (query: { toSQL(): { sql: string; params: unknown[] } }): Prepared => query.toSQL();

/** `statement` bound to this call's values, for `D1Database.batch`. */
export const bound = (d1: D1Database, statement: Prepared, values: Record<string, unknown>) =>
  d1.prepare(statement.sql).bind(...fillPlaceholders([...statement.params], values));

/** A row D1 answered (keyed by the columns' SQL names) as drizzle maps it for `table`, booleans and all. */
export function rowOf<T extends Table>(table: T, raw: RawRow): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** A row as D1 answers it: the columns' SQL names (or their aliases) to their values. */
export type RawRow = Record<string, unknown>;
