import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { edgeCache, edgeCopyStands, edgeMaxAgeSeconds, SHARE_REVEAL_HEADER, sharePageCacheKey } from "./share";

type Link = { reveal: boolean; expiresAt: number | null };

/**
 * A share page's HTML as the edge keeps it (docs/conversations.md "Sharing"), like its JSON: for
 * SHARE_EDGE_MAX_AGE_SECONDS, never past the link's end, purged with the JSON, and served only
 * while the link stands in D1 as it was when the copy was made. Rendering a long chat is the
 * page's cost; the copy makes it once a minute per data centre instead of once per reader.
 */
export async function cachedSharePage(env: Env, db: Db, hash: string): Promise<string | undefined> {
  const cache = edgeCache();
  const key = sharePageCacheKey(env, hash);
  const hit = await cache.match(key);
  if (!hit) return undefined;
  if (await edgeCopyStands(db, hash, hit)) return hit.text();
  await cache.delete(key);
  return undefined;
}

/** Keeps a share page's HTML at the edge, as rendered for `link`. */
export async function keepSharePage(env: Env, hash: string, html: string, link: Link): Promise<void> {
  const maxAge = edgeMaxAgeSeconds(link.expiresAt);
  if (maxAge === 0) return;
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": `public, max-age=${maxAge}`,
    [SHARE_REVEAL_HEADER]: String(link.reveal),
  };
  // Awaited, not waitUntil: a purge that follows this answer must find the entry to drop.
  await edgeCache().put(sharePageCacheKey(env, hash), new Response(html, { headers }));
}
