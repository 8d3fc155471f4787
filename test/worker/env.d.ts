import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      TEST_HISTORY_MIGRATIONS: D1Migration[];
      TEST_LAW_MIGRATIONS: D1Migration[];
      /** Bound in the tests only: the shard test/worker/shards.test.ts adds to the directory. */
      HISTORY_2: D1Database;
    }
  }
}
