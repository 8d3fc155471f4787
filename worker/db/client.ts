import { drizzleFor } from "./drizzle";
import * as schema from "./schema";

/**
 * One drizzle instance per request: never keep request state in module globals. On a request's path
 * `d1` is a D1 session (worker/db/replica-reads.ts); drizzle calls only `prepare` and `batch`, which it has.
 */
export const getDb = drizzleFor(schema);
export type Db = ReturnType<typeof getDb>;
