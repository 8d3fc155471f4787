import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared, type Prepared, type RawRow, rowOf } from "../../db/prepared";
import type { HistoryDb } from "../../db/history";
import { messages } from "../../db/history-schema";
import { products, topics } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { DISCLAIMER_TEXTS, termsMet } from "../../billing/services/disclaimers";
import { findActiveProduct, type ProductRow } from "../../billing/services/products";
import { indexTitle } from "../search/index-writes";
import { indexBody, type Lexicon } from "../search/lexicon";
import { guardOnColumn } from "./privacy-settings";
import type { TopicRow } from "./topics";

export const UNKNOWN_MODE = "Неизвестный режим ассистента";

export const unknownModeError = () =>
  new ApiError(422, [{ loc: ["body", "assistant_type"], msg: UNKNOWN_MODE, type: "enum" }]);

/** A topic with its mode and whether the privacy guard is on in it, as a send reads them. */
export type TopicWithMode = { topic: TopicRow; product: ProductRow; guardOn: boolean };

export async function activeProduct(db: Db, type: string): Promise<ProductRow> {
  const product = await findActiveProduct(db, type);
  if (!product) throw unknownModeError();
  return product;
}

/**
 * The one way a topic is made, empty, by the web (`POST /topics/new`) and the bots' API alike: in
 * an active mode (422), its name (already trimmed and one line by the route's rule) indexed for the
 * title search (docs/search.md). A send that starts a topic writes its row in the turn's batch
 * (`openTopicStatements`), nameless: its first question names it.
 */
export async function createTopic(
  db: Db,
  h: HistoryDb,
  lexicon: Lexicon,
  input: { userId: number; assistantType: string; topicName?: string },
): Promise<TopicRow> {
  const product = await activeProduct(db, input.assistantType);
  const [topic] = await db
    .insert(topics)
    .values({ userId: input.userId, assistantType: product.assistantType, topicName: input.topicName || null })
    .returning();
  if (topic!.topicName) await h.batch(indexTitle(h, topic!, await indexBody(lexicon, topic!.topicName)));
  return topic!;
}

/**
 * A topic started with its first question, for the turn's one batch (docs/scale.md "The first
 * chunk"): the active mode (422), its terms (403) and the topic's row, written only when both pass,
 * addressed to the object that runs the turn (`objectId`, kept as `session_id`); and whether the
 * privacy guard is on in the mode (docs/privacy.md). Built once, with placeholders for `{ userId, type,
 * objectId, now }` (db/prepared.ts); `readOpenedTopic` takes the two statements' rows.
 */
export function openTopicStatements(db: Db): Prepared[] {
  const [userId, type, objectId, now] = ["userId", "type", "objectId", "now"].map((name) => sql.placeholder(name));
  const active = and(eq(products.assistantType, type!), eq(products.active, true));
  // An INSERT … SELECT names every column of the table, in its order.
  const row = {
    id: sql`NULL`.as("id"),
    userId: sql`${userId}`.as("user_id"),
    topicName: sql`NULL`.as("topic_name"),
    assistantType: products.assistantType,
    status: sql`'active'`.as("status"),
    folderId: sql`NULL`.as("folder_id"),
    pinned: sql`0`.as("pinned"),
    shareHash: sql`NULL`.as("share_hash"),
    shareExpiresAt: sql`NULL`.as("share_expires_at"),
    shareReveal: sql`0`.as("share_reveal"),
    sessionId: sql`${objectId}`.as("session_id"),
    createdAt: sql`${now}`.as("created_at"),
    updatedAt: sql`${now}`.as("updated_at"),
  };
  const modes = db
    .select({
      product: getTableColumns(products),
      termsMet: termsMet(userId!, type!).as("terms_met"),
      guardOn: guardOnColumn(userId!, type!).as("guard_on"),
    })
    .from(products)
    .where(active);
  const inserted = db
    .insert(topics)
    .select(
      db
        .select(row)
        .from(products)
        .where(and(active, termsMet(userId!, type!))),
    )
    .returning();
  return [prepared(modes), prepared(inserted)];
}

/** What `openTopicStatements` found: the topic opened, its mode and the guard's setting, or the refusal. */
export function readOpenedTopic(modeRows: RawRow[], topicRows: RawRow[]): TopicWithMode {
  const [mode] = modeRows;
  const [topic] = topicRows;
  if (!mode) throw unknownModeError();
  if (!mode.terms_met || !topic) throw ApiError.forbidden(DISCLAIMER_TEXTS.notAccepted);
  return { topic: rowOf(topics, topic), product: rowOf(products, mode), guardOn: Boolean(mode.guard_on) };
}

/** Deletes the user's new topic unless a message made it into its history. */
export async function deleteEmptyTopic(db: Db, h: HistoryDb, topicId: number): Promise<void> {
  const written = await h
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.topicId, topicId))
    .limit(1)
    .get();
  if (!written) await db.delete(topics).where(eq(topics.id, topicId));
}
