import { eq } from "drizzle-orm";
import type { HistoryDb } from "../../db/history";
import { topicVaults } from "../../db/history-schema";
import type { Env } from "../../env";
import { ApiError } from "../../http/errors";
import { emptyVault, openVault, sealVault, type Vault, VaultSealError } from "../../privacy";
import { logEvent } from "../../http/log";

// A topic's privacy vault (docs/privacy.md "The vault"): the placeholders its messages carry and
// the values behind them, sealed under PRIVACY_KEY for that topic, in the owner's history shard.

export const VAULT_TEXTS = {
  notConfigured: "Защита персональных данных не настроена на сервере: попробуйте позже",
} as const;

function privacyKey(env: Env): string {
  if (!env.PRIVACY_KEY) throw new ApiError(503, VAULT_TEXTS.notConfigured);
  return env.PRIVACY_KEY;
}

/** Opens a sealed vault; one that does not open (the key was changed) reads as empty: its placeholders stay. */
export async function openedVault(env: Env, sealed: string | null | undefined, topicId: number): Promise<Vault> {
  if (!sealed) return emptyVault();
  try {
    return await openVault(sealed, privacyKey(env), topicId);
  } catch (err) {
    if (!(err instanceof VaultSealError)) throw err;
    logEvent("error", "privacy vault does not open", { topic_id: topicId, reason: err.reason });
    return emptyVault();
  }
}

/** The topic's vault as stored (sealed), null before anything was hidden. */
export async function sealedVaultOf(h: HistoryDb, topicId: number): Promise<string | null> {
  const row = await h
    .select({ sealed: topicVaults.sealed })
    .from(topicVaults)
    .where(eq(topicVaults.topicId, topicId))
    .get();
  return row?.sealed ?? null;
}

/** The topic's vault (empty before anything was hidden). */
export async function topicVault(env: Env, h: HistoryDb, topicId: number): Promise<Vault> {
  return openedVault(env, await sealedVaultOf(h, topicId), topicId);
}

/** The vault sealed for the topic. */
export const sealTopicVault = (env: Env, topicId: number, vault: Vault) => sealVault(vault, privacyKey(env), topicId);

/** The statement that stores the topic's sealed vault, for the batch that writes what uses it. */
export const vaultStatement = (h: HistoryDb, topic: { id: number; userId: number }, sealed: string) =>
  h
    .insert(topicVaults)
    .values({ topicId: topic.id, userId: topic.userId, sealed })
    .onConflictDoUpdate({ target: topicVaults.topicId, set: { sealed } });
