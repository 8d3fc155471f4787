import { asc, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { messages, topics } from "../../db/schema";
import { indexMessage, indexTitle, unindexMessage } from "./index-writes";

/** Rows one reindex call writes: each is two statements of one D1 batch. */
export const REINDEX_PAGE = 200;

export type ReindexKind = "names" | "messages";

/**
 * Writes the search index again for the next page of chat names or messages after `afterId`, in
 * id order (docs/operations.md "Search index"): for chats written before the index existed, or
 * after a change to how words are stemmed. Idempotent; `nextAfterId` is null after the last page.
 */
export async function reindexPage(db: Db, kind: ReindexKind, afterId: number): Promise<{ indexed: number; nextAfterId: number | null }> {
  if (kind === "names") {
    const rows = await db
      .select({ id: topics.id, name: topics.topicName })
      .from(topics)
      .where(gt(topics.id, afterId))
      .orderBy(asc(topics.id))
      .limit(REINDEX_PAGE);
    const writes = rows.flatMap((t) => indexTitle(db, t.id, t.name));
    if (writes.length) await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
    return { indexed: rows.length, nextAfterId: rows.length === REINDEX_PAGE ? rows.at(-1)!.id : null };
  }
  const rows = await db
    .select({ id: messages.id, topicId: messages.topicId, text: messages.text })
    .from(messages)
    .where(gt(messages.id, afterId))
    .orderBy(asc(messages.id))
    .limit(REINDEX_PAGE);
  const writes = rows.flatMap((m) => [unindexMessage(db, m.id), indexMessage(db, m.topicId, m.id, m.text)]);
  if (writes.length) await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
  return { indexed: rows.length, nextAfterId: rows.length === REINDEX_PAGE ? rows.at(-1)!.id : null };
}
