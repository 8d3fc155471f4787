import { createTableRelationsHelpers, extractTablesRelationalConfig, type RelationalSchemaConfig } from "drizzle-orm";
import { DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/**
 * `drizzle(d1, { schema })` as drizzle-orm/d1 builds it, with the schema's relational config worked out once per schema
 * instead of once per instance: drizzle() walks every table and relation each time, about 0.5 ms of CPU a request here
 * (docs/scale.md "Drizzle per request"). The config is derived from the static schema, not from any request; each
 * instance, its session and its client stay per request.
 */
export function drizzleFor<TSchema extends Record<string, unknown>>(schema: TSchema) {
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = {
    fullSchema: schema,
    schema: tables.tables,
    tableNamesMap: tables.tableNamesMap,
  } as RelationalSchemaConfig<never>;
  return (client: D1Database | D1DatabaseSession) => {
    const d1 = client as D1Database;
    const dialect = new SQLiteAsyncDialect();
    const session = new SQLiteD1Session(d1, dialect, relational, {});
    const db = new DrizzleD1Database<TSchema>("async", dialect, session as never, relational);
    return Object.assign(db, { $client: d1 });
  };
}
