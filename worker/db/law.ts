import { drizzleFor } from "./drizzle";
import * as schema from "./law-schema";

// The law library's database (LAW_DB, docs/law.md "The library"). One drizzle instance per request, as for the main D1.
export const lawDb = drizzleFor(schema);
export type LawDb = ReturnType<typeof lawDb>;
