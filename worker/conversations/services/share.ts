import { and, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { base64url } from "jose";
import { getDb, type Db } from "../../db/client";
import { shardDb } from "../../db/history";
import { attachments, messages } from "../../db/history-schema";
import { revokedShareLinks, topics, users } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { maskFileName } from "../../privacy";
import { findOwnTopic, TOPIC_NOT_FOUND } from "./topics";
import { sealedVaultOf, openedVault } from "./vaults";

export const SHARE_NOT_FOUND = "Ссылка на чат недействительна или отозвана";

/**
 * How long the edge keeps a shared history. `cache.delete` purges only the data centre that runs
 * it, so this bounds how stale another data centre's copy can be after a change or a revoke.
 */
export const SHARE_EDGE_MAX_AGE_SECONDS = 60;

/** 16 random bytes (128 bits), base64url: 22 characters. */
const newShareHash = () => base64url.encode(crypto.getRandomValues(new Uint8Array(16)));

/** What a share hash can look like; anything else is answered 404 without a D1 read. */
export const SHARE_HASH_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** How long a share link works, as the owner picks it (docs/privacy.md "Sharing"). */
export const SHARE_LIFETIMES = { "1d": 1, "7d": 7, "30d": 30, never: null } as const;
export type ShareLifetime = keyof typeof SHARE_LIFETIMES;

export type ShareSettings = { expiresIn?: ShareLifetime; reveal?: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The caller's topic's share link: its hash (made on first call, the same on every later one), when
 * it stops working and whether its readers see the values the privacy guard hid. Settings given
 * are applied (a lifetime counts from now); those not given stay as they were.
 */
export async function shareTopic(
  db: Db,
  userId: number,
  topicId: number,
  settings: ShareSettings = {},
  now = Date.now(),
) {
  const topic = await findOwnTopic(db, userId, topicId);
  const days = settings.expiresIn === undefined ? undefined : SHARE_LIFETIMES[settings.expiresIn];
  const [row] = await db
    .update(topics)
    .set({
      shareHash: sql`coalesce(${topics.shareHash}, ${newShareHash()})`,
      ...(days === undefined ? {} : { shareExpiresAt: days === null ? null : now + days * DAY_MS }),
      ...(settings.reveal === undefined ? {} : { shareReveal: settings.reveal }),
    })
    .where(and(eq(topics.id, topic.id), eq(topics.userId, userId)))
    .returning({ hash: topics.shareHash, expiresAt: topics.shareExpiresAt, reveal: topics.shareReveal });
  if (!row?.hash) throw ApiError.notFound(TOPIC_NOT_FOUND);
  return {
    hash: row.hash,
    expires_at: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString(),
    reveal: row.reveal,
  };
}

/**
 * Revokes the caller's topic's link, remembering its hash so its page says it was turned off; returns
 * the hash it had (null if it was not shared).
 */
export async function revokeShare(db: Db, userId: number, topicId: number): Promise<string | null> {
  const own = and(eq(topics.id, topicId), eq(topics.userId, userId));
  const [[before]] = await db.batch([
    db.select({ shareHash: topics.shareHash }).from(topics).where(own),
    db
      .insert(revokedShareLinks)
      .select(
        db
          .select({
            hash: sql<string>`${topics.shareHash}`.as("hash"),
            topicId: topics.id,
            revokedAt: sql<number>`${Date.now()}`.as("revoked_at"),
          })
          .from(topics)
          .where(and(own, isNotNull(topics.shareHash))),
      )
      .onConflictDoNothing(),
    db.update(topics).set({ shareHash: null }).where(own),
  ]);
  if (!before) throw ApiError.notFound(TOPIC_NOT_FOUND);
  return before.shareHash;
}

/**
 * The edge-cache key of a shared history: one URL per hash whatever the request looked like
 * (trailing slash, query), on the app's own host so every writer can compute it.
 */
export const sharedHistoryCacheKey = (env: Env, hash: string) =>
  new URL(`/api/v2/share/topic/history/${encodeURIComponent(hash)}`, env.APP_URL || "http://localhost").toString();

/**
 * The Workers edge cache (`caches.default`). Typed by hand because the web project also compiles
 * this file (through the typed client) and the DOM's CacheStorage has no `default`.
 */
export const edgeCache = (): Cache => (caches as CacheStorage & { default: Cache }).default;

/** On the edge's copy of a shared history: whether the link showed the hidden values when it was made. */
export const SHARE_REVEAL_HEADER = "x-share-reveal";

/**
 * Whether an edge copy of the link's history may still be served: the link is in force in D1 (not
 * revoked, its chat and account not deleted, not expired) and reveals exactly as it did when the copy
 * was made. One read by the unique hash: a purge reaches only its own data centre, and this is what
 * ends a link in every other one at once, instead of after the copy's max-age.
 */
export async function edgeCopyStands(db: Db, hash: string, copy: Response, now = Date.now()): Promise<boolean> {
  const link = await sharedLink(db, hash, now);
  return link !== undefined && copy.headers.get(SHARE_REVEAL_HEADER) === String(link.reveal);
}

/** A share link in force (not revoked, not expired, its chat there): whether it reveals, and when it ends. */
export async function sharedLink(db: Db, hash: string, now = Date.now()) {
  return db
    .select({ reveal: topics.shareReveal, expiresAt: topics.shareExpiresAt })
    .from(topics)
    .where(and(eq(topics.shareHash, hash), or(isNull(topics.shareExpiresAt), gt(topics.shareExpiresAt, now))))
    .get();
}

/** How long the edge may keep a copy of a link's content: SHARE_EDGE_MAX_AGE_SECONDS, never past the link's end. */
export function edgeMaxAgeSeconds(expiresAt: number | null, now = Date.now()): number {
  if (expiresAt === null) return SHARE_EDGE_MAX_AGE_SECONDS;
  return Math.max(0, Math.min(SHARE_EDGE_MAX_AGE_SECONDS, Math.floor((expiresAt - now) / 1000)));
}

/** The edge-cache key of a share page (`/share/{hash}`), purged with its JSON. */
export function sharePageCacheKey(env: Env, hash: string): string {
  return new URL(`/share/${encodeURIComponent(hash)}`, env.APP_URL || "http://localhost").toString();
}

/** Drops the cached copies of a shared history, its JSON and its page, in this data centre. */
export async function purgeShareHash(env: Env, hash: string | null | undefined): Promise<void> {
  if (!hash) return;
  const cache = edgeCache();
  await Promise.all([cache.delete(sharedHistoryCacheKey(env, hash)), cache.delete(sharePageCacheKey(env, hash))]);
}

/**
 * Call after anything a share viewer sees has changed (a saved message, a rename): purges the
 * topic's cached shared history if the topic is shared. Pass `shareHash` when you already have it
 * to skip the D1 read.
 */
export async function purgeSharedTopic(env: Env, topicId: number, shareHash?: string | null): Promise<void> {
  if (shareHash === undefined) {
    const [row] = await getDb(env.DB)
      .select({ shareHash: topics.shareHash })
      .from(topics)
      .where(eq(topics.id, topicId));
    shareHash = row?.shareHash;
  }
  await purgeShareHash(env, shareHash);
}

/**
 * An attachment of a message of the topic shared under `hash` (a link in force), or 404; its name
 * masked like the history's unless the owner reveals the values (docs/privacy.md "Sharing").
 */
export async function findSharedAttachment(env: Env, db: Db, hash: string, attachmentId: number) {
  const shared = await db
    .select({ topicId: topics.id, userId: topics.userId, shard: users.historyShard, reveal: topics.shareReveal })
    .from(topics)
    .innerJoin(users, eq(users.id, topics.userId))
    .where(and(eq(topics.shareHash, hash), or(isNull(topics.shareExpiresAt), gt(topics.shareExpiresAt, Date.now()))))
    .get();
  const [row] = shared
    ? await shardDb(env, shared.shard)
        .select({ attachment: attachments })
        .from(attachments)
        .innerJoin(messages, eq(attachments.messageId, messages.id))
        .where(
          and(
            eq(attachments.id, attachmentId),
            eq(messages.topicId, shared.topicId),
            eq(messages.userId, shared.userId),
          ),
        )
    : [];
  if (!row || !shared) throw ApiError.notFound("Вложение не найдено");
  if (shared.reveal) return row.attachment;
  const vault = await openedVault(env, await sealedVaultOf(shardDb(env, shared.shard), shared.topicId), shared.topicId);
  return { ...row.attachment, filename: maskFileName(row.attachment.filename, vault) };
}
