import { eq, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { historyDb } from "../../db/history";
import { messages } from "../../db/history-schema";
import { builtOnce, prepared, preparedRun } from "../../db/prepared";
import { topics } from "../../db/schema";
import { countMessage } from "../../operations/services/activity";
import { indexRow } from "../search/index-writes";
import { leafStatement } from "./branches";

// The statements every question and reply writes (messages.ts), built once with placeholders (db/prepared.ts): a
// send built them anew each time, about a third of what a send allocated, and with it the collections that make
// its slowest sends (docs/scale.md "What the slowest sends are").

const ph = sql.placeholder;
// A nullable JSON column's value as given, JSON or null: drizzle would encode a column's placeholder, null as "null".
const asGiven = (name: string) => sql`${ph(name)}`;

/**
 * The newest message of the topic: in a write batch, the one just inserted (a topic is written by one send at a time).
 */
export const newestOf = (topicId: unknown) =>
  sql`(SELECT max(${messages.id}) FROM ${messages} WHERE ${messages.topicId} = ${topicId})`;

/**
 * The topic's row in the main D1 after a message: its last activity (`now`), its name (`name`) unless it has one,
 * and the message counted for statistics (`userId`, `day`). Placeholders also `topicId`.
 */
export const topicStatements = builtOnce(getDb, (db) => {
  const topic = eq(topics.id, ph("topicId"));
  const named = sql`CASE WHEN ${topics.topicName} IS NULL OR trim(${topics.topicName}) = '' THEN ${ph("name")}
    ELSE ${topics.topicName} END`;
  return {
    touch: prepared(
      db
        .update(topics)
        .set({ updatedAt: sql`${ph("now")}` })
        .where(topic),
    ),
    touchAndName: prepared(
      db
        .update(topics)
        .set({ updatedAt: sql`${ph("now")}`, topicName: named })
        .where(topic),
    ),
    user: prepared(countMessage(db, ph("userId"), "user", ph("day"))),
    assistant: prepared(countMessage(db, ph("userId"), "assistant", ph("day"))),
  };
});

/**
 * A message into the history shard as the topic's newest and its leaf, and its words into the search index.
 * Placeholders: `topicId`, `userId`, `text`, `parentId`, `now`; a question's `masked`; a reply's `state`, `model`,
 * `citations` and `citationsDate` (`masked` and `citations` as the column stores them: JSON text or null); the
 * index's `owner` and `words`.
 */
export const messageStatements = builtOnce(historyDb, (h) => {
  const message = {
    topicId: ph("topicId"),
    userId: ph("userId"),
    parentId: ph("parentId"),
    text: ph("text"),
    createdAt: ph("now"),
  };
  const newest = newestOf(ph("topicId"));
  const returning = { id: messages.id };
  return {
    question: prepared(
      h
        .insert(messages)
        .values({ ...message, role: "user", masked: asGiven("masked") })
        .returning(returning),
    ),
    reply: prepared(
      h
        .insert(messages)
        .values({
          ...message,
          role: "assistant",
          state: ph("state"),
          model: ph("model"),
          citations: asGiven("citations"),
          citationsDate: ph("citationsDate"),
        })
        .returning(returning),
    ),
    leaf: prepared(leafStatement(h, { id: ph("topicId"), userId: ph("userId") }, newest)),
    index: preparedRun(h, indexRow(ph("topicId"), newest, ph("owner"), ph("words"))),
  };
});
