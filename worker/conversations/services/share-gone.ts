import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { revokedShareLinks, topics } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { SHARE_NOT_FOUND } from "./share";

export const SHARE_REVOKED = "Ссылка отключена владельцем";
export const SHARE_EXPIRED = "Срок действия ссылки истёк";

/**
 * Why a link shows nothing, as its reader is told (docs/conversations.md "Sharing"): expired (410),
 * turned off by its owner (404) or never a link (404). Read only once the link is known not to be in
 * force, so a working link costs nothing more.
 */
export async function shareGoneError(db: Db, hash: string, now = Date.now()): Promise<ApiError> {
  const [expired, revoked] = await db.batch([
    db
      .select({ id: topics.id })
      .from(topics)
      .where(and(eq(topics.shareHash, hash), lte(topics.shareExpiresAt, now))),
    db.select({ hash: revokedShareLinks.hash }).from(revokedShareLinks).where(eq(revokedShareLinks.hash, hash)),
  ]);
  if (expired.length > 0) return new ApiError(410, SHARE_EXPIRED);
  return ApiError.notFound(revoked.length > 0 ? SHARE_REVOKED : SHARE_NOT_FOUND);
}
