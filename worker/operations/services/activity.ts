import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dailyActivity } from "../../db/schema";

// Moscow is UTC+3 all year (no daylight saving since 2014).
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Moscow calendar day of a moment, YYYY-MM-DD: the day statistics count it in. */
export const moscowDayOf = (ms: number) => new Date(ms + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The statement that counts one message written by (a question) or to (a reply) the user, for the
 * daily statistics: the messages themselves are in the history shards, statistics read the main D1.
 */
export function countMessage(db: Db, userId: number, role: "user" | "assistant", at: number) {
  const column = role === "user" ? dailyActivity.questions : dailyActivity.replies;
  return db
    .insert(dailyActivity)
    .values({ day: moscowDayOf(at), userId, questions: role === "user" ? 1 : 0, replies: role === "user" ? 0 : 1 })
    .onConflictDoUpdate({
      target: [dailyActivity.day, dailyActivity.userId],
      set: { [role === "user" ? "questions" : "replies"]: sql`${column} + 1` },
    });
}
