import { and, asc, eq, isNotNull } from "drizzle-orm";
import { forgetAccount } from "./account-cache";
import { revokeAllUserTokens } from "./revocations";
import { strToU8, type Zippable, zipSync } from "fflate";
import { publicPayment } from "../../billing/services/payments";
import { exportTopicMarkdown } from "../../conversations/services/export";
import { purgeShareHash } from "../../conversations/services/share";
import type { Db } from "../../db/client";
import { userHistory } from "../../db/history";
import { attachments, messages, topicLeaves, topicVaults } from "../../db/history-schema";
import { consents, mailOutbox, payments, topics, users } from "../../db/schema";
import { unindexUser } from "../../conversations/search/index-writes";
import type { Env } from "../../env";
import type { User } from "./users";

// A user's own data (docs/legal.md "Your data"): all of it to take away, or all of it gone.

/**
 * The user's data as a zip: each chat as Markdown (`chats/`, as the chat's own export) and
 * `account.json` with the account, the payments and the consents.
 */
export async function exportAccount(env: Env, db: Db, user: User, now = Date.now()): Promise<ArrayBuffer> {
  const [chats, paid, consented] = await db.batch([
    db.select({ id: topics.id }).from(topics).where(eq(topics.userId, user.id)).orderBy(asc(topics.id)),
    db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(asc(payments.createdAt)),
    db.select().from(consents).where(eq(consents.userId, user.id)).orderBy(asc(consents.id)),
  ]);
  const files: Zippable = {};
  const taken = new Set<string>();
  for (const { id } of chats) {
    const { filename, markdown } = await exportTopicMarkdown(env, db, user, id, now);
    // Two chats with the same name keep both files.
    const name = taken.has(filename) ? filename.replace(/\.md$/, ` (${id}).md`) : filename;
    taken.add(name);
    files[`chats/${name}`] = strToU8(markdown);
  }
  const account = {
    exported_at: new Date(now).toISOString(),
    account: { id: user.id, email: user.email, name: user.name, created_at: new Date(user.createdAt).toISOString() },
    payments: paid.map((p) => publicPayment(env, p)),
    consents: consented.map((c) => ({
      terms_version: c.termsVersion,
      privacy_version: c.privacyVersion,
      accepted_at: new Date(c.acceptedAt).toISOString(),
    })),
  };
  files["account.json"] = strToU8(JSON.stringify(account, null, 2));
  // fflate, not JSZip: the same deflated zip from a tenth of the code in the API Worker (docs/scale.md).
  const zip = zipSync(files, { level: 6 });
  return zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength) as ArrayBuffer;
}

/**
 * Deletes the account: first its history in one batch of its shard (search index rows, attachment
 * rows, messages, leaves, privacy vaults), then in one batch of the main D1 the letters to its address and the user
 * row, whose foreign keys take everything else with it (chats, ratings, folders, sessions,
 * identities, packs, consents, companies it owns); payments stay with `user_id` set null,
 * anonymised, for accounting; the edge's copies of its share links are purged. Returns the R2 keys
 * of its files for the caller to delete.
 */
export async function deleteAccount(env: Env, db: Db, user: User): Promise<string[]> {
  const h = userHistory(env, user);
  const [files] = await h.batch([
    h.select({ key: attachments.r2Key }).from(attachments).where(eq(attachments.userId, user.id)),
    unindexUser(h, user.id),
    h.delete(attachments).where(eq(attachments.userId, user.id)),
    h.delete(messages).where(eq(messages.userId, user.id)),
    h.delete(topicLeaves).where(eq(topicLeaves.userId, user.id)),
    h.delete(topicVaults).where(eq(topicVaults.userId, user.id)),
  ]);
  const [shared] = await db.batch([
    db
      .select({ hash: topics.shareHash })
      .from(topics)
      .where(and(eq(topics.userId, user.id), isNotNull(topics.shareHash))),
    db.delete(mailOutbox).where(eq(mailOutbox.to, user.email ?? "")),
    db.delete(users).where(eq(users.id, user.id)),
  ]);
  forgetAccount(user.id);
  await revokeAllUserTokens(env.KV, user.id);
  // Its share links end with it: this data centre's copies go now, the others' at their next read.
  await Promise.all(shared.map(({ hash }) => purgeShareHash(env, hash)));
  return [...new Set(files.map((f) => f.key))];
}
