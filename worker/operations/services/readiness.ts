import { shardBinding } from "../../db/history";
import type { Env } from "../../env";
import { migrated } from "./shards";
import { logEvent } from "../../http/log";

// Readiness (docs/operations.md "Health and readiness"): does every binding a request may need
// answer? `/health` says only that the Worker runs; this asks D1, KV, R2 and the Durable Objects.

/** A check that has not answered by then has failed: a hung binding must not hang the probe. */
export const READINESS_TIMEOUT_MS = 5_000;

// Names no user's data: KV and R2 answer "nothing here", the object is an idle topic's.
const PROBE_KEY = "readiness-check";

export type Readiness = { ready: boolean; failed: string[]; checks: Record<string, "ok" | "failed"> };

async function answers(name: string, check: () => Promise<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return true;
  } catch (err) {
    logEvent("error", "readiness check failed", { binding: name, err });
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The history shards the directory names: each must be bound and have its tables. */
async function directory(env: Env): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT id FROM history_shards ORDER BY id").all<{ id: number }>();
  return results.map((row) => row.id);
}

async function shardAnswers(env: Env, shard: number): Promise<void> {
  const binding = shardBinding(env, shard);
  if (!binding) throw new Error(`HISTORY_${shard} is in the directory but not bound`);
  if (!(await migrated(binding))) throw new Error(`HISTORY_${shard} has no history tables`);
}

/**
 * Checks the main D1 (by reading the shards' directory), each shard the directory names, KV, R2 and
 * the topics' Durable Object namespace, all at once. A shard bound but not in the directory holds
 * nobody's chats yet, so it is not asked; when DB fails, the directory is unknown and no shard is named.
 */
export async function checkReadiness(env: Env): Promise<Readiness> {
  let shards: number[] = [];
  const checks: [string, () => Promise<unknown>][] = [
    ["DB", async () => (shards = await directory(env))],
    ["KV", () => env.KV.get(PROBE_KEY)],
    ["FILES", () => env.FILES.head(PROBE_KEY)],
    // The cheapest call the object has: stopping an idle topic's reply answers false.
    ["TOPIC_OBJECT", () => env.TOPIC_OBJECT.get(env.TOPIC_OBJECT.idFromName(PROBE_KEY)).stop()],
  ];
  const first = await Promise.all(checks.map(([name, check]) => answers(name, check)));
  const shardResults = await Promise.all(
    shards.map((shard) => answers(`HISTORY_${shard}`, () => shardAnswers(env, shard))),
  );
  const names = [...checks.map(([name]) => name), ...shards.map((shard) => `HISTORY_${shard}`)];
  const results = [...first, ...shardResults];
  const failed = names.filter((_, i) => !results[i]);
  return {
    ready: failed.length === 0,
    failed,
    checks: Object.fromEntries(names.map((name, i) => [name, results[i] ? "ok" : "failed"])),
  };
}
