import { getDb } from "../db/client";
import { boundShards, shardBinding } from "../db/history";
import type { Env } from "../env";
import { deleteAttachmentObjects } from "../conversations/services/attachments";
import { renewDailyPacks } from "../billing/services/daily-limits";
import { reindexStemRows } from "../conversations/search/reindex";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Nightly (00:00 Moscow): the free daily packs are renewed and ended limit rows removed, then
 * housekeeping drops what can no longer be used. Safe to run twice.
 */
export async function runCron(env: Env, now: number): Promise<void> {
  await renewDailyPacks(getDb(env.DB), now);
  await env.DB.batch([
    env.DB.prepare("DELETE FROM rate_limits WHERE window_start < ?").bind(now - DAY_MS),
    env.DB.prepare("DELETE FROM recovery_tokens WHERE expires_at < ?").bind(now - DAY_MS),
    env.DB.prepare("DELETE FROM email_changes WHERE expires_at < ?").bind(now - DAY_MS),
    env.DB.prepare("DELETE FROM one_time_codes WHERE expires_at < ?").bind(now - DAY_MS),
    env.DB.prepare("DELETE FROM bot_link_tokens WHERE expires_at < ?").bind(now - DAY_MS),
    // Revoked sessions stay 30 days: their rotated refresh tokens still reveal a replay.
    env.DB.prepare("DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?").bind(now, now - 30 * DAY_MS),
    env.DB.prepare("DELETE FROM mail_outbox WHERE created_at < ?").bind(now - 30 * DAY_MS),
    // A notice's Telegram copy a month on: sent or not, the bell has it (docs/telegram.md).
    env.DB.prepare("DELETE FROM bot_notice_deliveries WHERE updated_at < ?").bind(now - 30 * DAY_MS),
  ]);
  await dropUnsentUploads(env, now - DAY_MS);
  // Rows written in stems while the search's dictionary was out of reach (docs/conversations.md "Search").
  for (const shard of boundShards(env)) await reindexStemRows(env, getDb(env.DB), shard);
}

/** Files uploaded but never sent with a message within a day, in every history shard: their bytes and rows go. */
async function dropUnsentUploads(env: Env, before: number): Promise<void> {
  for (const shard of boundShards(env)) {
    const { results } = await shardBinding(env, shard)!
      .prepare("DELETE FROM attachments WHERE message_id IS NULL AND created_at < ? RETURNING r2_key")
      .bind(before)
      .all<{ r2_key: string }>();
    await deleteAttachmentObjects(
      env,
      results.map((r) => r.r2_key),
    );
  }
}
