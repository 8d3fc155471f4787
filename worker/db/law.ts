import { drizzle } from "drizzle-orm/d1";
import * as schema from "./law-schema";

// The law library's database (LAW_DB, docs/law.md "The library"). One drizzle instance per request, as for the main D1.
export const lawDb = (d1: D1Database | D1DatabaseSession) => drizzle(d1 as D1Database, { schema });
export type LawDb = ReturnType<typeof lawDb>;
