import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/**
 * One drizzle instance per request: never keep request state in module globals. On a request's path
 * `d1` is a D1 session (worker/db/replica-reads.ts); drizzle calls only `prepare` and `batch`, which it has.
 */
export const getDb = (d1: D1Database | D1DatabaseSession) => drizzle(d1 as D1Database, { schema });
export type Db = ReturnType<typeof getDb>;
