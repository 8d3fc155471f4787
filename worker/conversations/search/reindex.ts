import { asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shardDb } from "../../db/history";
import { messages } from "../../db/history-schema";
import { topics, users } from "../../db/schema";
import type { Env } from "../../env";
import { indexMessage, indexTitle, unindexMessage } from "./index-writes";
import { indexBodies } from "./lexicon";

/** Rows one reindex call writes: each is two statements of one D1 batch. */
export const REINDEX_PAGE = 200;

export type ReindexKind = "names" | "messages";

type Page = { indexed: number; nextAfterId: number | null };

/** Runs a list of statements as one batch (none: nothing to run). */
async function runAll<T>(db: { batch: (list: [T, ...T[]]) => Promise<unknown> }, writes: T[]): Promise<void> {
  if (writes.length) await db.batch(writes as [T, ...T[]]);
}

/**
 * Writes the search index again for the next page after `afterId`, in id order (docs/operations.md
 * "Search index"): chat names (from the main D1, each into its owner's shard), or the messages of
 * history shard `shard`. For chats written before the index existed, or after a change to how words
 * are kept (stems before lemmas). Idempotent; `nextAfterId` is null after the last page. One call to
 * the dictionary a page.
 */
export async function reindexPage(env: Env, db: Db, kind: ReindexKind, afterId: number, shard: number): Promise<Page> {
  if (kind === "names") {
    const rows = await db
      .select({ id: topics.id, userId: topics.userId, name: topics.topicName, shard: users.historyShard })
      .from(topics)
      .innerJoin(users, eq(users.id, topics.userId))
      .where(gt(topics.id, afterId))
      .orderBy(asc(topics.id))
      .limit(REINDEX_PAGE);
    const bodies = await indexBodies(
      env.EXTRACTOR,
      rows.map((t) => t.name ?? ""),
    );
    const bodyOf = new Map(rows.map((t, i) => [t.id, t.name?.trim() ? bodies[i]! : null]));
    const shards = new Set(rows.map((t) => t.shard));
    for (const n of shards) {
      const h = shardDb(env, n);
      await runAll(
        h,
        rows.filter((t) => t.shard === n).flatMap((t) => indexTitle(h, t, bodyOf.get(t.id)!)),
      );
    }
    return { indexed: rows.length, nextAfterId: rows.length === REINDEX_PAGE ? rows.at(-1)!.id : null };
  }
  const h = shardDb(env, shard);
  const rows = await h
    .select({ id: messages.id, topicId: messages.topicId, userId: messages.userId, text: messages.text })
    .from(messages)
    .where(gt(messages.id, afterId))
    .orderBy(asc(messages.id))
    .limit(REINDEX_PAGE);
  const bodies = await indexBodies(
    env.EXTRACTOR,
    rows.map((m) => m.text),
  );
  await runAll(
    h,
    rows.flatMap((m, i) => [unindexMessage(h, m.id), indexMessage(h, { id: m.topicId, userId: m.userId }, m.id, bodies[i]!)]),
  );
  return { indexed: rows.length, nextAfterId: rows.length === REINDEX_PAGE ? rows.at(-1)!.id : null };
}
