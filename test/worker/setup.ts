import { applyD1Migrations, env } from "cloudflare:test";

// Setup files run before each test file; applying is idempotent (applied ones are skipped).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Two history shards, as `npm start` runs (docs/scale.md "History shards"); HISTORY_2 is bound
// with its tables but left out of the directory for the test that adds a shard.
for (const shard of [env.HISTORY_0, env.HISTORY_1!, env.HISTORY_2])
  await applyD1Migrations(shard, env.TEST_HISTORY_MIGRATIONS);
await env.DB.prepare("INSERT OR IGNORE INTO history_shards (id, open) VALUES (1, 1)").run();
// The law library (docs/law.md "The library"): empty; the tests import their own fixtures.
await applyD1Migrations(env.LAW_DB, env.TEST_LAW_MIGRATIONS);
