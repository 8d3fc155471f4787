import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The tables of a history shard (docs/scale.md "History shards"): one of several D1 databases
// (HISTORY_0…n) holding the chats of the users the directory in the main D1 places there. Topics
// themselves, and everything admin statistics need, stay in the main D1 (worker/db/schema.ts); a
// shard holds what grows with use: messages, attachments with their extracted text, the search index.

/** A citation as stored: the shape of LawCitation (worker/law/schemas.ts), which a platform folder cannot import. */
export type StoredCitation = {
  text: string;
  start: number;
  end: number;
  act: string;
  article: string;
  part?: string;
  point?: string;
  status: "in_force" | "repealed" | "not_found" | "unknown_act";
  edition_from?: string;
  repealed_on?: string;
};

const now = sql`(unixepoch('subsec') * 1000)`;

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The topic in the main D1 (no foreign key across databases: its deletion deletes these first).
    topicId: integer("topic_id").notNull(),
    // The topic's owner, so one user's history is found (exported, deleted) without the main D1.
    userId: integer("user_id").notNull(),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    text: text("text").notNull(),
    // "partial": the model failed or was stopped mid-reply; what it had said is kept.
    state: text("state", { enum: ["complete", "partial"] })
      .notNull()
      .default("complete"),
    // Which model answered (assistant messages); the UI shows it.
    model: text("model"),
    // The message this one follows (null for a topic's first question). Versions of a message are
    // the messages with the same parent: a regenerated reply, an edited question.
    parentId: integer("parent_id"),
    createdAt: integer("created_at").notNull().default(now),
    // What the privacy guard hid from the model in a question, `[{kind, count}]` as JSON (docs/privacy.md);
    // the text itself is stored as the model saw it, with placeholders.
    masked: text("masked", { mode: "json" }).$type<{ kind: string; count: number }[]>(),
    // A reply's citations of the law resolved against the library when it was saved, as JSON (docs/law.md
    // "Every citation checked"), and the date (YYYY-MM-DD) they were resolved at; null when it cites none.
    citations: text("citations", { mode: "json" }).$type<StoredCitation[]>(),
    citationsDate: text("citations_date"),
  },
  (t) => [
    index("messages_topic").on(t.topicId, t.id),
    index("messages_parent").on(t.parentId, t.id),
    index("messages_user").on(t.userId),
    // A topic's first questions (the versions of the first one): without it, finding them reads
    // every first question of the shard, or the user's whole history.
    index("messages_topic_root").on(t.topicId).where(sql`${t.parentId} IS NULL`),
  ],
);

// The last message of the branch on screen (docs/conversations.md "Versions"): history, the
// model's context and a share link follow its parents up. Written in the same batch as the
// messages it points at, so it never names one that is not there.
export const topicLeaves = sqliteTable(
  "topic_leaves",
  {
    topicId: integer("topic_id").primaryKey(),
    userId: integer("user_id").notNull(),
    leafMessageId: integer("leaf_message_id"),
  },
  (t) => [index("topic_leaves_user").on(t.userId)],
);

export const attachments = sqliteTable(
  "attachments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    // Null until the attachment is sent with a message.
    messageId: integer("message_id").references(() => messages.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["image", "document", "audio"] }).notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    // R2 key, under the owner's prefix: `u/<userId>/<uuid>`.
    r2Key: text("r2_key").notNull(),
    // The text of a document, extracted at upload; of a voice recording, its transcript once asked for.
    extractedText: text("extracted_text"),
    // When speech-to-text was last asked for this recording's transcript: while it is recent, a
    // second ask waits for that answer instead of calling the service again.
    transcribingSince: integer("transcribing_since"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("attachments_user").on(t.userId), index("attachments_message").on(t.messageId)],
);

// The privacy guard's map from placeholder to value for one topic (docs/privacy.md "The vault"),
// sealed with AES-GCM under a key from the PRIVACY_KEY secret bound to the topic; written in the
// same batch as the question that adds to it, deleted with the topic's history.
export const topicVaults = sqliteTable(
  "topic_vaults",
  {
    topicId: integer("topic_id").primaryKey(),
    userId: integer("user_id").notNull(),
    sealed: text("sealed").notNull(),
  },
  (t) => [index("topic_vaults_user").on(t.userId)],
);
