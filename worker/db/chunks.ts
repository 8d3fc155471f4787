import { sql, type SQL } from "drizzle-orm";

/**
 * D1 binds at most 100 parameters per statement, so a list whose length comes from input never
 * goes into `IN (?, ?, …)` or a multi-row insert whole (docs/operations.md, "Lists at the edge of the schema").
 * Either split it with `chunked` (an insert of k rows × c columns binds k·c parameters), or pass it
 * as ONE parameter with `jsonList`.
 */
export const D1_MAX_PARAMS = 100;

/** Values per `jsonList` parameter: 1,000 e-mails of at most 254 characters stay well under 1 MB. */
export const JSON_LIST_CHUNK = 1000;

/** `list` in consecutive pieces of at most `size` (none for an empty list). */
export function chunked<T>(list: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, not ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The values as a one-parameter subquery, for `inArray(column, jsonList(values))`: SQLite's
 * json_each unpacks the JSON array, so the statement binds one parameter whatever the length.
 */
export function jsonList(values: readonly (string | number)[]): SQL {
  return sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
