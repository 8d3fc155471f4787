import { env } from "cloudflare:test";

// Rows written straight into D1, so the organisation tests need no model and choose their times.

type TopicInit = {
  assistantType?: string;
  topicName?: string | null;
  status?: "active" | "archived";
  folderId?: number | null;
  pinned?: boolean;
  shareHash?: string | null;
  updatedAt?: number | string;
};

const ms = (t: number | string | undefined) =>
  t === undefined ? Date.now() : typeof t === "string" ? Date.parse(t) : t;

export async function insertTopic(userId: number, init: TopicInit = {}): Promise<number> {
  const at = ms(init.updatedAt);
  const row = await env.DB.prepare(
    "INSERT INTO topics (user_id, topic_name, assistant_type, status, folder_id, pinned, share_hash, created_at, " +
      "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(
      userId,
      init.topicName === undefined ? "Чат" : init.topicName,
      init.assistantType ?? "explain_law",
      init.status ?? "active",
      init.folderId ?? null,
      init.pinned ? 1 : 0,
      init.shareHash ?? null,
      at,
      at,
    )
    .first<{ id: number }>();
  return row!.id;
}

export async function insertFolder(userId: number, name = "Папка", assistantType = "explain_law"): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO folders (user_id, name, assistant_type) VALUES (?, ?, ?) RETURNING id")
    .bind(userId, name, assistantType)
    .first<{ id: number }>();
  return row!.id;
}

/** The history shard (docs/scale.md "History shards") that holds the user's chats. */
export async function historyOf(userId: number): Promise<D1Database> {
  const row = await env.DB.prepare("SELECT history_shard AS shard FROM users WHERE id = ?")
    .bind(userId)
    .first<{ shard: number }>();
  return (env as unknown as Record<string, D1Database>)[`HISTORY_${row!.shard}`]!;
}

/** The history shard of the topic's owner, and the owner. */
export async function historyOfTopic(topicId: number): Promise<{ db: D1Database; userId: number }> {
  const row = await env.DB.prepare("SELECT user_id FROM topics WHERE id = ?")
    .bind(topicId)
    .first<{ user_id: number }>();
  return { db: await historyOf(row!.user_id), userId: row!.user_id };
}

export async function insertMessage(
  topicId: number,
  role: "user" | "assistant",
  text: string,
  extra: { state?: "complete" | "partial"; model?: string; createdAt?: number } = {},
) {
  const { db, userId } = await historyOfTopic(topicId);
  // After the end of the branch on screen, which it becomes, as a send does (docs/conversations.md "Versions").
  const row = await db
    .prepare(
      "INSERT INTO messages (topic_id, user_id, role, text, state, model, created_at, parent_id) VALUES (?, ?, ?, " +
        "?, ?, ?, ?, (SELECT leaf_message_id FROM topic_leaves WHERE topic_id = ?)) RETURNING id",
    )
    .bind(
      topicId,
      userId,
      role,
      text,
      extra.state ?? "complete",
      extra.model ?? (role === "assistant" ? "demo" : null),
      extra.createdAt ?? Date.now(),
      topicId,
    )
    .first<{ id: number }>();
  await db
    .prepare(
      "INSERT INTO topic_leaves (topic_id, user_id, leaf_message_id) VALUES (?, ?, ?) ON CONFLICT (topic_id) DO " +
        "UPDATE SET leaf_message_id = excluded.leaf_message_id",
    )
    .bind(topicId, userId, row!.id)
    .run();
  return row!.id;
}

/** An attachment row and its bytes in R2, as an upload leaves them, linked to a message. */
export async function insertAttachment(
  userId: number,
  messageId: number | null,
  file: { filename?: string; kind?: "image" | "document"; contentType?: string; bytes?: Uint8Array } = {},
) {
  const bytes = file.bytes ?? new TextEncoder().encode("Договор аренды квартиры");
  const r2Key = `u/${userId}/${crypto.randomUUID()}`;
  const contentType = file.contentType ?? "text/plain";
  await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType } });
  const row = await (await historyOf(userId))
    .prepare(
      "INSERT INTO attachments (user_id, message_id, kind, filename, content_type, size, r2_key) VALUES (?, ?, ?, " +
        "?, ?, ?, ?) RETURNING id",
    )
    .bind(userId, messageId, file.kind ?? "document", file.filename ?? "договор.txt", contentType, bytes.length, r2Key)
    .first<{ id: number }>();
  return { id: row!.id, r2Key, bytes };
}

export const countRows = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

/** `countRows` in the history shard of the user. */
export const countHistoryRows = async (userId: number, sql: string, ...params: unknown[]) =>
  (await (
    await historyOf(userId)
  )
    .prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

/** The topic's session (Durable Object): the one it was started with, else the one named by its id. */
export async function sessionOf(topicId: number) {
  const row = await env.DB.prepare("SELECT session_id AS sessionId FROM topics WHERE id = ?")
    .bind(topicId)
    .first<{ sessionId: string | null }>();
  const ns = env.TOPIC_OBJECT;
  return ns.get(row?.sessionId ? ns.idFromString(row.sessionId) : ns.idFromName(String(topicId)));
}
