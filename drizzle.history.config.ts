import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --config drizzle.history.config.ts` writes the next migration of the
// history shards (HISTORY_<n>) from worker/db/history-schema.ts.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/history-schema.ts",
  out: "./migrations/history",
});
