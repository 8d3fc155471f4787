import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { type BatchPart, queryPart } from "../../db/batch-parts";
import type { Db } from "../../db/client";
import { products, topics } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { DISCLAIMER_TEXTS, termsMet } from "../../billing/services/disclaimers";
import type { ProductRow } from "../../billing/services/products";
import { guardOnColumn } from "./privacy-settings";
import type { TopicRow } from "./topics";

export const UNKNOWN_MODE = "Неизвестный режим ассистента";

export const unknownModeError = () => new ApiError(422, [{ loc: ["body", "assistant_type"], msg: UNKNOWN_MODE, type: "enum" }]);

/** A topic with its mode and whether the privacy guard is on in it, as a send reads them. */
export type TopicWithMode = { topic: TopicRow; product: ProductRow; guardOn: boolean };

/**
 * A topic started with its first question, as part of the send's one batch (docs/scale.md "The
 * first chunk"): the active mode (422), its terms (403) and the topic's row, written only when both
 * pass, with the session (`sessionId`) the send addressed before the topic existed; and whether the
 * privacy guard is on in the mode (docs/privacy.md).
 */
export function openTopicPart(db: Db, userId: number, assistantType: string, sessionId: string): BatchPart<TopicWithMode> {
  const active = and(eq(products.assistantType, assistantType), eq(products.active, true));
  const now = Date.now();
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
    sessionId: sql`${sessionId}`.as("session_id"),
    createdAt: sql`${now}`.as("created_at"),
    updatedAt: sql`${now}`.as("updated_at"),
  };
  const modes = queryPart(
    db.$client,
    db
      .select({ product: getTableColumns(products), termsMet: termsMet(userId, assistantType), guardOn: guardOnColumn(userId, assistantType) })
      .from(products)
      .where(active),
  );
  const inserted = queryPart(
    db.$client,
    db
      .insert(topics)
      .select(
        db
          .select(row)
          .from(products)
          .where(and(active, termsMet(userId, assistantType))),
      )
      .returning(),
  );
  return {
    statements: [...modes.statements, ...inserted.statements],
    read: ([modeResult, topicResult]) => {
      const [mode] = modes.read([modeResult!]);
      const [topic] = inserted.read([topicResult!]);
      if (!mode) throw unknownModeError();
      if (!mode.termsMet || !topic) throw ApiError.forbidden(DISCLAIMER_TEXTS.notAccepted);
      return { topic, product: mode.product, guardOn: Boolean(mode.guardOn) };
    },
  };
}
