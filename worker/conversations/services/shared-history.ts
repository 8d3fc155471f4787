import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import type { SharedHistory } from "../schemas";
import { shareAttachmentUrl } from "./attachments";
import { loadSharedHistory, sharedMessages } from "./history";
import {
  edgeCache,
  edgeCopyStands,
  SHARE_EDGE_MAX_AGE_SECONDS,
  SHARE_HASH_PATTERN,
  SHARE_NOT_FOUND,
  SHARE_REVEAL_HEADER,
  sharedHistoryCacheKey,
} from "./share";

/** On the edge's copy of a shared history: when the link stops working (Unix ms). */
const EXPIRES_HEADER = "x-share-expires-at";

/**
 * What a share link shows (`GET /share/topic/history/{hash}`, and the share page's first screen):
 * through the edge cache, which keeps a copy for SHARE_EDGE_MAX_AGE_SECONDS (purged when the chat
 * changes or the link is revoked), never past the link's end. 404 for a hash that cannot be one,
 * an unknown, revoked or expired link.
 */
export async function readSharedHistory(env: Env, hash: string): Promise<SharedHistory> {
  if (!SHARE_HASH_PATTERN.test(hash)) throw ApiError.notFound(SHARE_NOT_FOUND);
  const cache = edgeCache();
  const key = sharedHistoryCacheKey(env, hash);
  const hit = await cache.match(key);
  // A link that expires is never answered from the edge past its end (the copy says when).
  const expired = (res: Response) => Number(res.headers.get(EXPIRES_HEADER) ?? Number.POSITIVE_INFINITY) <= Date.now();
  if (hit && !expired(hit)) {
    // A copy of a link ended or changed elsewhere (the purge ran in another data centre) is dropped here too.
    if (await edgeCopyStands(getDb(env.DB), hash, hit)) return hit.json<SharedHistory>();
    await cache.delete(key);
  }
  const history = await loadSharedHistory(env, getDb(env.DB), hash);
  const body: SharedHistory = {
    topic_name: history.shownName,
    assistant_type: history.topic.assistantType,
    messages: await sharedMessages(history, (attachmentId) => shareAttachmentUrl(hash, attachmentId)),
  };
  const expiresAt = history.topic.shareExpiresAt;
  const maxAge =
    expiresAt === null
      ? SHARE_EDGE_MAX_AGE_SECONDS
      : Math.min(SHARE_EDGE_MAX_AGE_SECONDS, Math.floor((expiresAt - Date.now()) / 1000));
  const headers: Record<string, string> = {
    "Cache-Control": `public, max-age=${Math.max(0, maxAge)}`,
    [SHARE_REVEAL_HEADER]: String(history.topic.shareReveal),
  };
  if (expiresAt !== null) headers[EXPIRES_HEADER] = String(expiresAt);
  // Awaited, not waitUntil: a purge that follows this answer must find the entry to drop.
  if (maxAge > 0) await cache.put(key, Response.json(body, { headers }));
  return body;
}
