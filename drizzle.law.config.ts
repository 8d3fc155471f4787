import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --config drizzle.law.config.ts` writes the next migration of the law
// library (LAW_DB) from worker/db/law-schema.ts.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/law-schema.ts",
  out: "./migrations/law",
});
