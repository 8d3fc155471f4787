import { getTableName, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";
import type { HistoryDb } from "./history";

/**
 * A raw statement that can go into `db.batch` (for SQL drizzle has no builder for, such as the FTS5
 * search index). drizzle's `db.run(sql)` alone fails in a D1 batch once it has parameters: its
 * batch binds them to a prepared statement the raw query does not carry, so we give it one.
 */
export function batchableRun<D extends Db | HistoryDb>(db: D, query: SQL) {
  const raw = db.run(query);
  return Object.assign(raw, { stmt: db.$client.prepare(raw.getQuery().sql) });
}

/**
 * A column as `"table"."column"` wherever it stands. drizzle leaves columns unqualified in a query
 * on one table, and inside a subquery on a table with a column of that name the bare name is the
 * subquery's own.
 */
export const qualified = (column: AnySQLiteColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
