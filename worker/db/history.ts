import { drizzleFor } from "./drizzle";
import type { Env } from "../env";
import * as schema from "./history-schema";

// A user's chats live in one history shard (docs/scale.md "History shards"): the D1 database bound
// as HISTORY_<n>, n from users.history_shard. One drizzle instance per request, as for the main D1.

export const historyDb = drizzleFor(schema);
export type HistoryDb = ReturnType<typeof historyDb>;

/** The binding of shard `n`, or undefined when this Worker has none by that name. */
export function shardBinding(env: Env, shard: number): D1Database | undefined {
  const binding = (env as unknown as Record<string, unknown>)[`HISTORY_${shard}`];
  return binding && typeof binding === "object" && "prepare" in binding ? (binding as D1Database) : undefined;
}

/** Every shard number this Worker has a binding for, in order. */
export function boundShards(env: Env): number[] {
  return Object.keys(env)
    .map((name) => /^HISTORY_(\d+)$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined && shardBinding(env, Number(n)) !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Shard `n`'s database; a shard in the directory but not bound is a deployment mistake, not the user's. */
export function shardDb(env: Env, shard: number | null): HistoryDb {
  const binding = shard === null ? undefined : shardBinding(env, shard);
  if (!binding) throw new Error(`history shard ${shard} is not bound (HISTORY_${shard})`);
  return historyDb(binding);
}

/** A user as far as their history goes: who, and which shard holds their chats. */
export type HistoryUser = { id: number; historyShard: number | null };

/** The history shard of a user (users.history_shard). */
export const userHistory = (env: Env, user: Pick<HistoryUser, "historyShard">) => shardDb(env, user.historyShard);
