import { asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type HistoryDb, shardDb } from "../../db/history";
import { messages } from "../../db/history-schema";
import { topics, users } from "../../db/schema";
import type { Env } from "../../env";
import { IN_STEMS, indexMessage, indexTitle, unindexMessage } from "./index-writes";
import { indexBodies } from "./lexicon";

/** Rows one reindex call writes: each is two statements of one D1 batch. */
export const REINDEX_PAGE = 200;

/** Pages of rows in stems one night writes again, per history shard. */
const STEM_PAGES_A_NIGHT = 10;

export type ReindexKind = "names" | "messages";

type Page = { indexed: number; nextAfterId: number | null };
type Named = { id: number; userId: number; name: string | null };
type Written = { id: number; topicId: number; userId: number; text: string };

/** Runs a list of statements as one batch (none: nothing to run). */
async function runAll<T>(db: { batch: (list: [T, ...T[]]) => Promise<unknown> }, writes: T[]): Promise<void> {
  if (writes.length) await db.batch(writes as [T, ...T[]]);
}

/** Writes the names of topics of one history shard again, with one call to the dictionary; true when in stems. */
async function writeNames(env: Env, h: HistoryDb, rows: Named[]): Promise<boolean> {
  const bodies = await indexBodies(
    env.EXTRACTOR,
    rows.map((t) => t.name ?? ""),
  );
  await runAll(
    h,
    rows.flatMap((t, i) => indexTitle(h, t, t.name?.trim() ? bodies[i]! : null)),
  );
  return bodies.some((b) => b.inStems);
}

/** Writes messages of one history shard again, with one call to the dictionary; true when in stems. */
async function writeMessages(env: Env, h: HistoryDb, rows: Written[]): Promise<boolean> {
  const bodies = await indexBodies(
    env.EXTRACTOR,
    rows.map((m) => m.text),
  );
  await runAll(
    h,
    rows.flatMap((m, i) => [
      unindexMessage(h, m.id),
      indexMessage(h, { id: m.topicId, userId: m.userId }, m.id, bodies[i]!),
    ]),
  );
  return bodies.some((b) => b.inStems);
}

const messageColumns = { id: messages.id, topicId: messages.topicId, userId: messages.userId, text: messages.text };

/**
 * Writes the search index again for the next page after `afterId`, in id order (docs/operations.md
 * "Search index"): chat names (from the main D1, each into its owner's shard), or the messages of
 * history shard `shard`. For chats written before the index existed, or after a change to how words
 * are kept (stems before lemmas). Idempotent; `nextAfterId` is null after the last page. One call to
 * the dictionary a page (and shard).
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
    for (const n of new Set(rows.map((t) => t.shard))) {
      await writeNames(
        env,
        shardDb(env, n),
        rows.filter((t) => t.shard === n),
      );
    }
    return { indexed: rows.length, nextAfterId: rows.length === REINDEX_PAGE ? rows.at(-1)!.id : null };
  }
  const h = shardDb(env, shard);
  const rows = await h
    .select(messageColumns)
    .from(messages)
    .where(gt(messages.id, afterId))
    .orderBy(asc(messages.id))
    .limit(REINDEX_PAGE);
  await writeMessages(env, h, rows);
  return { indexed: rows.length, nextAfterId: rows.length === REINDEX_PAGE ? rows.at(-1)!.id : null };
}

/**
 * Writes again, in lemmas, the rows of history shard `shard` written in stems while the dictionary
 * could not be asked (marked IN_STEMS beside their owner), a page at a time; the nightly run calls it.
 * A row whose message or topic is gone goes too. Returns how many rows it took up.
 */
export async function reindexStemRows(env: Env, db: Db, shard: number): Promise<number> {
  const h = shardDb(env, shard);
  let taken = 0;
  for (let page = 0; page < STEM_PAGES_A_NIGHT; page++) {
    const marked = await h.all<{ rowid: number }>(
      sql`SELECT rowid FROM search_index WHERE search_index MATCH ${`owner : "${IN_STEMS}"`} LIMIT ${REINDEX_PAGE}`,
    );
    if (marked.length === 0) break;
    taken += marked.length;
    const messageIds = marked.filter((r) => r.rowid > 0).map((r) => r.rowid);
    const topicIds = marked.filter((r) => r.rowid < 0).map((r) => -r.rowid);
    const written = messageIds.length
      ? await h.select(messageColumns).from(messages).where(inArray(messages.id, messageIds))
      : [];
    const named = topicIds.length
      ? await db
          .select({ id: topics.id, userId: topics.userId, name: topics.topicName })
          .from(topics)
          .where(inArray(topics.id, topicIds))
      : [];
    const kept = new Set([...written.map((m) => m.id), ...named.map((t) => -t.id)]);
    await runAll(
      h,
      marked.filter((r) => !kept.has(r.rowid)).map((r) => unindexMessage(h, r.rowid)),
    );
    const stillInStems = (await writeMessages(env, h, written)) || (await writeNames(env, h, named));
    // The dictionary still out of reach: the same rows would come back; the next night tries again.
    if (stillInStems || marked.length < REINDEX_PAGE) break;
  }
  return taken;
}
