import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { boundShards, shardBinding } from "../../db/history";
import { historyShards } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";

// The directory of history shards (docs/scale.md "History shards"): which databases hold chats and
// which take new users. Adding one is a row here once the binding is deployed; nobody moves.

export const SHARD_TEXTS = {
  notBound: (n: number) => `База истории HISTORY_${n} не подключена к Worker: добавьте её в wrangler.toml и разверните`,
  notMigrated: (n: number) => `В базе истории HISTORY_${n} нет таблиц: примените к ней миграции migrations/history`,
  exists: (n: number) => `База истории ${n} уже есть в каталоге`,
  notFound: "Нет такой базы истории в каталоге",
  lastOpen: "Нужна хотя бы одна база истории, принимающая новых пользователей",
} as const;

export type ShardRow = typeof historyShards.$inferSelect;

/** The directory with whether this Worker has each shard bound, and the bound shards not in it yet. */
export async function listShards(env: Env, db: Db) {
  const rows = await db.select().from(historyShards).orderBy(asc(historyShards.id));
  const listed = new Set(rows.map((r) => r.id));
  return {
    shards: rows.map((r) => ({ id: r.id, open: r.open, users: r.users, bound: shardBinding(env, r.id) !== undefined })),
    unlisted: boundShards(env).filter((n) => !listed.has(n)),
  };
}

/** Whether the shard's database has the history tables (its migrations were applied). */
export async function migrated(binding: D1Database): Promise<boolean> {
  const row = await binding
    .prepare(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('messages', 'attachments', " +
        "'topic_leaves')",
    )
    .first<{ n: number }>();
  return row?.n === 3;
}

/** Puts a bound, migrated shard into the directory, open: from the next registration on it takes new users. */
export async function addShard(env: Env, db: Db, id: number): Promise<ShardRow> {
  const binding = shardBinding(env, id);
  if (!binding) throw new ApiError(422, SHARD_TEXTS.notBound(id));
  if (!(await migrated(binding))) throw new ApiError(422, SHARD_TEXTS.notMigrated(id));
  const [row] = await db.insert(historyShards).values({ id, open: true }).onConflictDoNothing().returning();
  if (!row) throw ApiError.conflict(SHARD_TEXTS.exists(id));
  return row;
}

/**
 * Opens or closes a shard to new users (its users stay and keep writing). The last open shard
 * cannot close: the check is in the statement, so two closes at once cannot both pass.
 */
export async function setShardOpen(db: Db, id: number, open: boolean): Promise<ShardRow> {
  const othersOpen = sql`(SELECT count(*) FROM ${historyShards} WHERE ${historyShards.open} = 1 AND ${historyShards.id} <> ${id})`;
  const [row] = await db
    .update(historyShards)
    .set({ open })
    .where(open ? eq(historyShards.id, id) : sql`${historyShards.id} = ${id} AND ${othersOpen} > 0`)
    .returning();
  if (row) return row;
  const exists = await db.select({ id: historyShards.id }).from(historyShards).where(eq(historyShards.id, id)).get();
  if (!exists) throw ApiError.notFound(SHARD_TEXTS.notFound);
  throw ApiError.conflict(SHARD_TEXTS.lastOpen);
}
